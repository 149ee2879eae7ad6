// /card-details/frame#cdt_…: a page of this service that frames a card details link, for a session
// whose origin is this service's own (what `cli cards details` makes by default), so a developer can
// see a test card's details in a browser as a holder would inside an app. The token stays in the
// fragment, which the browser never sends; the framed page does its own checks.
import { randomBytes } from "node:crypto";
import { cardPageHeaders } from "../[token]/details-page";

export const dynamic = "force-dynamic";

const SCRIPT = `
  const token = location.hash.slice(1);
  const main = document.getElementById("frame");
  if (/^cdt_[0-9A-Za-z]{40}$/.test(token)) {
    const frame = document.createElement("iframe");
    frame.id = "card";
    frame.title = "Card details";
    frame.src = "/card-details/" + token;
    frame.allow = "clipboard-write";
    frame.width = "360";
    frame.height = "230";
    main.replaceChildren(frame);
  } else {
    main.textContent = "This address should end with # and a card details token (cdt_…).";
  }
`;

export function GET(): Response {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Card details</title>
<style nonce="${nonce}">body{margin:24px;font-family:ui-sans-serif,system-ui,sans-serif}iframe{border:1px solid #cbd5e1;border-radius:8px}</style>
</head>
<body><h1>Card details, as a holder sees them in your app</h1><main id="frame"></main>
<script nonce="${nonce}">${SCRIPT}</script></body>
</html>`;
  // Framed by nobody; frames only this service's own pages.
  return new Response(html, { headers: cardPageHeaders(nonce, { frameAncestors: "'none'", frameSrc: "'self'" }) });
}
