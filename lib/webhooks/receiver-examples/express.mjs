// A webhook receiver on Express 5. Run: WEBHOOK_SECRET=whsec_… PORT=4000 node express.mjs
import { createHmac, timingSafeEqual } from "node:crypto";
import express from "express";

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
