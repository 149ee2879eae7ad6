// A webhook receiver on plain node:http, no dependencies. Run: WEBHOOK_SECRETS=whsec_… PORT=4000 node node-http.mjs
// Our deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature). A Standard Webhooks library verifies those with the same secret, as shown:
// `new Webhook(secret).verify(rawBody, headers)` (npm standardwebhooks); its signature covers the
// timestamp, so it refuses a replay older than 5 minutes on its own. See /webhooks/security#standard-webhooks.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

// Comma-separated: the mode's current secret, and while a rolled one is pending, that one too.
const SECRETS = (process.env.WEBHOOK_SECRETS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
if (SECRETS.length === 0)
  throw new Error("Set WEBHOOK_SECRETS to your application's webhook secret(s), comma-separated");
const MAX_AGE_MS = 5 * 60 * 1000;
const seen = new Set(); // event ids already processed; use a table with a unique key in production

function validSignature(rawBody, header) {
  if (typeof header !== "string") return false;
  const received = Buffer.from(header);
  // Every secret is checked (no early return), each in constant time; timingSafeEqual throws on
  // unequal lengths, so check them first.
  let valid = false;
  for (const secret of SECRETS) {
    const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"));
    if (received.length === expected.length && timingSafeEqual(received, expected)) valid = true;
  }
  return valid;
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
