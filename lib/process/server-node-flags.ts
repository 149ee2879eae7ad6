// The Node.js flags `npm start`'s cluster workers run with (heap sizing): the one place to change
// them. Chosen from bench/ measurements; SERVER_NODE_FLAGS replaces them without a code change.
// They reach only forked workers: a single process (WEB_CONCURRENCY=1, `npm run dev`) has started
// before it reads them, so there they go in NODE_OPTIONS instead.
export const DEFAULT_SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];

/** The flags for a worker: SERVER_NODE_FLAGS when set (empty means none), else the defaults. */
export function serverNodeFlags(configured: string | undefined): string[] {
  if (configured === undefined) return [...DEFAULT_SERVER_NODE_FLAGS];
  return configured.split(/\s+/).filter((flag) => flag !== "");
}
