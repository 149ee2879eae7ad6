// The Node.js flags `npm start`'s cluster workers run with (heap sizing): the one place to change
// them; SERVER_NODE_FLAGS replaces them without a code change. They reach only forked workers: a
// single process (WEB_CONCURRENCY=1, `npm run dev`) has started before it reads them, so there
// they go in NODE_OPTIONS instead.
//
// From bench/ measurements (bench/findings/2026-11-27-gc-flags.md): a server process holds about
// 120-150 MB live (mostly module source and code), and on Node 24 V8 left alone keeps a 1 MB young
// generation (a scavenge every 35-50 ms under load, 12-22 pauses of 10 ms or more in each 10 s
// window at half load) and lets the old generation grow to three or four times the live size
// before it marks (RSS 420-690 MiB). A 16 MB semi-space takes the young-generation pauses of
// 10 ms or more down to a few per window (fewer objects live long enough to be copied), and a
// heap growing factor of 1.5 starts the next full collection when the old generation has grown by
// half since the last one: RSS near 350 MiB with no hard limit, so a request needing more memory
// than usual slows instead of killing the process as --max-old-space-size would. Each full
// collection still stalls answers for about 300 ms on one core (the marking of the live heap
// competes with them), so the tail target is not met with or without these; see the findings.
// Node 20 accepts the same flags. SERVER_NODE_FLAGS="" gives V8's own sizing back.
//
// Platform code, part of web-cluster.ts. The standard place for Node.js flags is NODE_OPTIONS,
// which every process of the cluster would take, the primary included; flags passed when a worker
// is forked reach the HTTP server processes alone. Delete it with web-cluster.ts.
export const DEFAULT_SERVER_NODE_FLAGS: readonly string[] = [
  "--min-semi-space-size=16",
  "--max-semi-space-size=16",
  "--heap-growing-percent=50",
];

/** The flags for a worker: SERVER_NODE_FLAGS when set (empty means none), else the defaults. */
export function serverNodeFlags(configured: string | undefined): string[] {
  if (configured === undefined) return [...DEFAULT_SERVER_NODE_FLAGS];
  return configured.split(/\s+/).filter((flag) => flag !== "");
}
