// RapiDoc's element id for an operation: method, a hyphen, and the path with the characters ids
// cannot hold as hyphens. The page's links (#post-/api/...) and the per-operation notes slotted into
// the reference (slot="<id>") both use it.
export const anchorFor = (method: string, path: string) => `${method}-${path.replace(/[\s#:?&={}]/g, "-")}`;
