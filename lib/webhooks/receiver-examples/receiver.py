# A webhook receiver on Python's standard library. Run: WEBHOOK_SECRETS=whsec_… PORT=4000 python3 receiver.py
# Our deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp,
# webhook-signature). A Standard Webhooks library verifies those with the same secret, as shown:
# `Webhook(secret).verify(raw_body, headers)` (pip install standardwebhooks); its signature covers the
# timestamp, so it refuses a replay older than 5 minutes on its own. See /webhooks/security#standard-webhooks.
import hashlib
import hmac
import json
import os
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, HTTPServer

# Comma-separated: the mode's current secret, and while a rolled one is pending, that one too.
SECRETS = [s.strip().encode() for s in os.environ["WEBHOOK_SECRETS"].split(",") if s.strip()]
if not SECRETS:
    raise SystemExit("Set WEBHOOK_SECRETS to your application's webhook secret(s), comma-separated")
MAX_AGE_SECONDS = 5 * 60
seen = set()  # event ids already processed; use a table with a unique key in production


def valid_signature(raw_body: bytes, header: str | None) -> bool:
    if header is None:
        return False
    valid = False
    for secret in SECRETS:  # every secret is checked, each in constant time
        expected = hmac.new(secret, raw_body, hashlib.sha256).hexdigest()
        if len(header) == len(expected) and hmac.compare_digest(header.encode(), expected.encode()):
            valid = True
    return valid


def age_seconds(sent_at: str) -> float:
    sent = datetime.fromisoformat(sent_at.replace("Z", "+00:00"))  # Python < 3.11 does not read "Z"
    return time.time() - sent.timestamp()


class WebhookHandler(BaseHTTPRequestHandler):
    def answer(self, status: int, text: str) -> None:
        self.send_response(status)
        self.send_header("content-type", "text/plain")
        self.end_headers()
        self.wfile.write(text.encode())

    def do_POST(self) -> None:
        raw_body = self.rfile.read(int(self.headers.get("content-length", 0)))  # the exact bytes signed
        if not valid_signature(raw_body, self.headers.get("x-service-signature")):
            return self.answer(401, "invalid signature")
        event = json.loads(raw_body)
        try:
            fresh = abs(age_seconds(event["sent_at"])) <= MAX_AGE_SECONDS
        except (KeyError, ValueError):
            fresh = False
        if not fresh:
            return self.answer(400, "stale sent_at")
        if event["id"] in seen:
            return self.answer(200, "duplicate")
        seen.add(event["id"])
        print(f"accepted {event['id']} {event['event']}", flush=True)  # your processing goes here
        self.answer(200, "ok")


HTTPServer(("", int(os.environ.get("PORT", "4000"))), WebhookHandler).serve_forever()
