// The API's operations as the /docs page lists them on the server (method, path, summary, grouped
// by tag in the document's tag order), read from the same in-process OpenAPI document the JSON
// route serves, plus the webhook events it describes.
import { openApiDocument } from "@/lib/openapi/document";
import { anchorFor } from "./anchor";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export type ListedOperation = {
  method: string;
  path: string;
  summary: string;
  /** RapiDoc's element id for this operation, so a `#` link makes the reference scroll to it. */
  anchor: string;
};

export type OperationGroup = { tag: string; description?: string; operations: ListedOperation[] };

type OperationLike = { summary?: string; tags?: string[] };
type PathItemLike = Partial<Record<(typeof METHODS)[number], OperationLike>>;

function list(items: Record<string, PathItemLike | undefined> | undefined): (ListedOperation & { tag: string })[] {
  const out: (ListedOperation & { tag: string })[] = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        anchor: anchorFor(method, path),
        tag: operation.tags?.[0] ?? "Other",
      });
    }
  }
  return out;
}

/** The document's title, version and operations grouped by tag, in the document's own order. */
export function documentedOperations(): { groups: OperationGroup[]; webhooks: ListedOperation[] } {
  const document = openApiDocument();
  const operations = list(document.paths);
  const tagOrder = (document.tags ?? []).map((t) => t.name);
  const tags = [...new Set([...tagOrder, ...operations.map((o) => o.tag)])];
  const groups = tags
    .map((tag) => ({
      tag,
      description: document.tags?.find((t) => t.name === tag)?.description,
      operations: operations.filter((o) => o.tag === tag).map(({ tag: _tag, ...rest }) => rest),
    }))
    .filter((g) => g.operations.length > 0);
  const webhooks = list(document.webhooks).map(({ tag: _tag, ...rest }) => rest);
  return { groups, webhooks };
}
