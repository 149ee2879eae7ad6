// A webhook receiver on Express 5. Run: WEBHOOK_SECRETS=whsec_… PORT=4000 node express.mjs
// Our deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature). A Standard Webhooks library verifies those with the same secret, as shown:
// `new Webhook(secret).verify(rawBody, headers)` (npm standardwebhooks); its signature covers the
// timestamp, so it refuses a replay older than 5 minutes on its own. See /webhooks/security#standard-webhooks.
import { createHmac, timingSafeEqual } from "node:crypto";
import express from "express";

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

const app = express();

// express.raw, not express.json: the signature covers the exact bytes, which re-serialized JSON is not.
app.post("/webhooks", express.raw({ type: "application/json" }), (req, res) => {
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!validSignature(rawBody, req.get("x-service-signature"))) return res.status(401).send("invalid signature");
  const event = JSON.parse(rawBody.toString("utf8"));
  const age = Date.now() - Date.parse(event.sent_at);
  // Written this way round so an unreadable sent_at (NaN) is refused too.
  if (!(Math.abs(age) <= MAX_AGE_MS)) return res.status(400).send("stale sent_at");
  if (seen.has(event.id)) return res.status(200).send("duplicate");
  seen.add(event.id);
  console.log(`accepted ${event.id} ${event.event}`); // your processing goes here
  res.status(200).send("ok");
});

app.listen(Number(process.env.PORT ?? 4000));
