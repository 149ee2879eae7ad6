// A second serving process for tests: its own API key cache and LISTEN session, answering one
// authentication per line of standard input ({"secret"}) with one line of JSON, through the real
// pipeline step (lib/http/authenticate.ts). Started by tests/helpers/instance-process.ts.
import { createInterface } from "node:readline";
import { z } from "zod";
import { disconnectDb } from "@/lib/db/client";
import { authenticate } from "@/lib/http/authenticate";
import { apiKeyCache } from "@/lib/keys/api-key-cache";
import { hashKeySecret } from "@/lib/keys/api-key-secret";

const askSchema = z.object({ secret: z.string() });
const send = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

const cache = apiKeyCache();
if (!(await cache.whenListening(10_000))) throw new Error("the second instance's cache never started listening");
send({ ready: true, listenerPid: cache.listenerPid });

for await (const line of createInterface({ input: process.stdin })) {
  const { secret } = askSchema.parse(JSON.parse(line));
  const fromMemory = cache.holds(hashKeySecret(secret));
  const request = new Request("http://instance.test/", { headers: { authorization: `Bearer ${secret}` } });
  const outcome = await authenticate(request);
  send({ ok: outcome.ok, code: outcome.ok ? null : outcome.error.code, fromMemory });
}
await disconnectDb();
