// A webhook receiver on plain node:http, no dependencies. Run: WEBHOOK_SECRET=whsec_… PORT=4000 node node-http.mjs
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const SECRET = process.env.WEBHOOK_SECRET;
if (!SECRET) throw new Error("Set WEBHOOK_SECRET to your application's webhook secret");
const MAX_AGE_MS = 5 * 60 * 1000;
const seen = new Set(); // event ids already processed; use a table with a unique key in production

function validSignature(rawBody, header) {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(createHmac("sha256", SECRET).update(rawBody).digest("hex"));
  const received = Buffer.from(header);
  // timingSafeEqual throws on unequal lengths, so check them first.
  return received.length === expected.length && timingSafeEqual(received, expected);
}

function answer(res, status, text) {
  res.writeHead(status, { "content-type": "text/plain" }).end(text);
}

createServer((req, res) => {
  if (req.method !== "POST") return answer(res, 405, "POST only");
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const rawBody = Buffer.concat(chunks); // the exact bytes that were signed
    if (!validSignature(rawBody, req.headers["x-service-signature"])) return answer(res, 401, "invalid signature");
    const event = JSON.parse(rawBody.toString("utf8"));
    const age = Date.now() - Date.parse(event.sent_at);
    // Written this way round so an unreadable sent_at (NaN) is refused too.
    if (!(Math.abs(age) <= MAX_AGE_MS)) return answer(res, 400, "stale sent_at");
    if (seen.has(event.id)) return answer(res, 200, "duplicate");
    seen.add(event.id);
    console.log(`accepted ${event.id} ${event.event}`); // your processing goes here
    answer(res, 200, "ok");
  });
}).listen(Number(process.env.PORT ?? 4000));
