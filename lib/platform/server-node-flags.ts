// The Node.js flags `npm start`'s cluster workers run with (heap sizing): the one place to change
// them; SERVER_NODE_FLAGS replaces them without a code change. They reach only forked workers: a
// single process (WEB_CONCURRENCY=1, `npm run dev`) has started before it reads them, so there
// they go in NODE_OPTIONS instead.
//
// None by default, from bench/ measurements (bench/README.md, 2026-11-24): a server process holds
// about 110 MB live after full collections (mostly module source and code). Capping the old
// generation at 192 or 256 MB holds its RSS at 320-340 MiB with the same throughput, but each
// full collection then pauses requests for ~80 ms often enough to lift p99 at half load from
// 7-30 ms to 70-100 ms; V8's own sizing lets RSS reach 450-800 MiB and collects rarely. Where
// memory matters more than that tail, set SERVER_NODE_FLAGS=--max-old-space-size=192.
//
// Platform code, part of web-cluster.ts. The standard place for Node.js flags is NODE_OPTIONS,
// which every process of the cluster would take, the primary included; flags passed when a worker
// is forked reach the HTTP server processes alone. Delete it with web-cluster.ts.
export const DEFAULT_SERVER_NODE_FLAGS: readonly string[] = [];

/** The flags for a worker: SERVER_NODE_FLAGS when set (empty means none), else the defaults. */
export function serverNodeFlags(configured: string | undefined): string[] {
  if (configured === undefined) return [...DEFAULT_SERVER_NODE_FLAGS];
  return configured.split(/\s+/).filter((flag) => flag !== "");
}
