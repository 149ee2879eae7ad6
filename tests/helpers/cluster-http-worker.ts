// A stand-in server process for tests/integration/web-cluster.test.ts: answers every request with
// its pid on the port the test chose, stops on SIGTERM, or with CLUSTER_FIXTURE_FAIL=1 dies before
// it listens, as a worker with no production build would.
import http from "node:http";

if (process.env.CLUSTER_FIXTURE_FAIL === "1") {
  console.error("cluster-http-worker: failing before listening, as asked");
  process.exit(1);
}
const server = http.createServer((_req, res) => {
  res.setHeader("connection", "close");
  res.end(String(process.pid));
});
server.listen(Number(process.env.CLUSTER_FIXTURE_PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
