// The cluster side of `npm start` (lib/platform/web-cluster.ts) over real worker processes: ready
// only when every worker listens, a dead worker replaced after a growing back-off, all stopped on
// request, and a worker that cannot start failing the start instead of looping.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";
import { startWebCluster, type WebCluster } from "@/lib/platform/web-cluster";
import { waitUntil } from "../helpers/wait-until";
import { freePort } from "../helpers/service-process";

const FIXTURE = path.join(REPO_ROOT, "tests/helpers/cluster-http-worker.ts");
// This test process is not run by tsx; the fixture needs its loader.
const TSX = ["--import", "tsx"];

let web: WebCluster | undefined;
afterEach(async () => {
  await web?.stop();
  web = undefined;
  delete process.env.CLUSTER_FIXTURE_FAIL;
});


/** The pid of the worker that answered one request on a fresh connection. */
function servedBy(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => resolve(Number(body)));
      })
      .on("error", reject);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function start(processes: number, lines: string[] = []): Promise<{ web: WebCluster; port: number }> {
  const port = await freePort();
  process.env.CLUSTER_FIXTURE_PORT = String(port);
  web = startWebCluster({
    processes,
    nodeFlags: TSX,
    exec: FIXTURE,
    firstRespawnDelayMs: 300,
    log: (l) => lines.push(l),
  });
  await web.ready;
  return { web, port };
}

describe("the web cluster", () => {
  it("is ready once every worker listens, and the workers share the one port", async () => {
    const { web, port } = await start(2);
    expect(web.pids()).toHaveLength(2);
    const answered = new Set<number>();
    for (let i = 0; i < 20 && answered.size < 2; i++) answered.add(await servedBy(port));
    expect([...answered].sort()).toEqual([...web.pids()].sort());
  });

  it("passes its node flags to every worker, after the primary's own", async () => {
    const { web } = await start(1);
    const [pid] = web.pids();
    const worker = Object.values(cluster.workers ?? {}).find((w) => w?.process.pid === pid);
    expect(worker?.process.spawnargs).toEqual(expect.arrayContaining([...process.execArgv, ...TSX]));
  });

  it("replaces a worker that dies, waiting longer each time one dies soon after starting", async () => {
    const lines: string[] = [];
    const { web, port } = await start(2, lines);
    for (const expectedDelay of [300, 600]) {
      const [victim = 0, survivor] = web.pids();
      const killedAt = Date.now();
      process.kill(victim, "SIGKILL");
      const replaced = await waitUntil(() => {
        const pids = web.pids();
        return pids.length === 2 && !pids.includes(victim) && pids.find((pid) => pid !== survivor);
      }, 15_000);
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(expectedDelay);
      expect(lines).toContain(
        `[cluster] server process ${victim} exited on SIGKILL; starting another in ${expectedDelay} ms`,
      );
      await waitUntil(() => lines.includes(`[cluster] server process ${replaced} listening`), 15_000);
      const answered = new Set<number>();
      for (let i = 0; i < 20 && !answered.has(replaced); i++) answered.add(await servedBy(port));
      expect(answered).toContain(replaced);
    }
  });

  it("stops every worker and replaces none once stopping", async () => {
    const { web } = await start(2);
    const pids = web.pids();
    await web.stop();
    expect(pids.filter(alive)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(web.pids()).toEqual([]);
  });

  it("fails the start when a worker exits before it listens, instead of starting it again", async () => {
    process.env.CLUSTER_FIXTURE_FAIL = "1";
    const lines: string[] = [];
    await expect(start(2, lines)).rejects.toThrow(/exited with code 1 before it listened/);
    expect(lines).toEqual([]);
  });
});
