// The card details page as complete HTML responses, and the details themselves as the JSON its script
// asks for. Built as strings, not a React page, because their statuses and headers (the framing
// origin differs per link) are part of what they promise, and a page of Next.js can set neither.
// Nothing is loaded from anywhere: styles and the one script are inline, allowed by a nonce, and the
// script may only call back to this page's own URL.
//
// The page itself shows no number. Its script first checks, in the browser, that it is framed by the
// session's origin (location.ancestorOrigins where the browser has it; the frame-ancestors policy
// already keeps every other origin from rendering it, so its script never runs there), and only then
// asks for the details, which spends the link. A frame the browser refuses, or the link opened in a
// tab of its own, therefore spends nothing and shows nothing.
import { randomBytes } from "node:crypto";
import { pageSecurityHeaders } from "@/lib/http/security-headers";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The headers of every card-details page: no caching anywhere, no referrer (the link is the secret),
 * nothing loaded from anywhere but the nonce's style and script, and the framing and fetching given;
 * then every other public page's security headers (Strict-Transport-Security, Permissions-Policy...),
 * but X-Frame-Options where one origin may frame it: that header can name no origin, and
 * frame-ancestors says who may.
 */
export function cardPageHeaders(
  nonce: string,
  allow: { frameAncestors: string; connectSrc?: string; frameSrc?: string },
): Headers {
  const headers = ownHeaders(nonce, allow);
  for (const [name, value] of pageSecurityHeaders()) {
    if (headers.has(name)) continue;
    if (name === "x-frame-options" && allow.frameAncestors !== "'none'") continue;
    headers.set(name, value);
  }
  return headers;
}

function ownHeaders(nonce: string, allow: { frameAncestors: string; connectSrc?: string; frameSrc?: string }): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      ...(allow.connectSrc ? [`connect-src ${allow.connectSrc}`] : []),
      ...(allow.frameSrc ? [`frame-src ${allow.frameSrc}`] : []),
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${allow.frameAncestors}`,
    ].join("; "),
  });
}

/** Framing only by the session's origin (no origin known: nobody); calls only back to this service. */
function pageHeaders(origin: string | null, nonce: string): Headers {
  return cardPageHeaders(nonce, { frameAncestors: origin ?? "'none'", connectSrc: "'self'" });
}

const STYLE = `
  :root { color-scheme: light; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; padding: 16px; color: #0f172a; background: #fff; }
  dl { margin: 0; display: grid; gap: 12px; }
  .row { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
  dt { font-size: 12px; color: #475569; }
  dd { margin: 2px 0 0; font: 600 18px/1.3 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: .04em; }
  button { font: inherit; font-size: 13px; padding: 4px 10px; border: 1px solid #cbd5e1; border-radius: 6px;
    background: #f8fafc; color: #0f172a; cursor: pointer; }
  button:focus-visible { outline: 2px solid #6366f1; outline-offset: 2px; }
  p { margin: 0; font-size: 15px; }
  p + p { margin-top: 6px; font-size: 13px; color: #475569; }
`;

/** The request header the page's script sends; a cross-origin caller cannot send it without CORS, which we never grant. */
export const REVEAL_HEADER = "x-card-details";

// Confirms the frame, then asks for the details and shows them; every value goes in as text, never
// as markup. The copy buttons copy a value without the spaces it is shown with.
const SCRIPT = `
  const main = document.getElementById("details");
  const origin = main.dataset.origin;
  function say(title, detail) {
    main.replaceChildren();
    const strong = document.createElement("strong");
    strong.textContent = title;
    const first = document.createElement("p");
    first.setAttribute("role", "alert");
    first.append(strong);
    const second = document.createElement("p");
    second.textContent = detail;
    main.append(first, second);
    main.dataset.state = "refused";
  }
  function row(list, id, label, value) {
    const wrap = document.createElement("div");
    wrap.className = "row";
    const text = document.createElement("div");
    const dt = document.createElement("dt");
    dt.id = id + "-label";
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.id = id;
    dd.textContent = value;
    text.append(dt, dd);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Copy";
    button.setAttribute("aria-describedby", dt.id);
    button.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(value.replace(/\\s+/g, "")); button.textContent = "Copied"; }
      catch { button.textContent = "Copy failed"; }
      setTimeout(() => { button.textContent = "Copy"; }, 2000);
    });
    wrap.append(text, button);
    list.append(wrap);
  }
  async function reveal() {
    let response;
    try {
      response = await fetch(location.pathname, {
        method: "POST",
        headers: { "${REVEAL_HEADER}": "reveal" },
        cache: "no-store",
        credentials: "omit",
      });
    } catch {
      return say("The card details could not be loaded.", "Check your connection, then ask the app for a new link.");
    }
    if (!response.ok) {
      return say("This link has expired.", "Card details links work once, within 10 minutes. Ask the app for a new one.");
    }
    const details = await response.json();
    const list = document.createElement("dl");
    list.setAttribute("aria-label", "Card details");
    row(list, "number", "Card number", details.number);
    row(list, "expiry", "Expiry (MM/YY)", details.expiry);
    row(list, "cvc", "CVC", details.cvc);
    main.replaceChildren(list);
    main.dataset.state = "shown";
  }
  const framed = window.top !== window.self;
  const ancestors = location.ancestorOrigins ? Array.from(location.ancestorOrigins) : null;
  if (!framed) {
    say("Open this inside your app.", "Card details are shown only inside the app that asked for them. Nothing was shown, and the link was not used.");
  } else if (ancestors !== null && (ancestors.length === 0 || ancestors.some((ancestor) => ancestor !== origin))) {
    say("Card details cannot be shown here.", "This page is framed by another site than the app that asked for it. Nothing was shown, and the link was not used.");
  } else {
    void reveal();
  }
`;

function htmlDocument(nonce: string, title: string, body: string, script: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body}
${script ? `<script nonce="${nonce}">${SCRIPT}</script>` : ""}
</body>
</html>`;
}

/** "This link has expired" (410): used, past its 10 minutes, for a canceled card, or never issued. */
export function expiredPageResponse(origin: string | null): Response {
  const nonce = randomBytes(16).toString("base64");
  const body = `<main><p role="alert"><strong>This link has expired.</strong></p>
<p>Card details links work once, within 10 minutes. Ask the app for a new one.</p></main>`;
  return new Response(htmlDocument(nonce, "This link has expired", body, false), {
    status: 410,
    headers: pageHeaders(origin, nonce),
  });
}

/** The page a link opens while it can still be used: no number in it, only the script that asks for one. */
export function detailsPageResponse(origin: string): Response {
  const nonce = randomBytes(16).toString("base64");
  const body = `<main id="details" data-origin="${escapeHtml(origin)}" data-state="checking" aria-live="polite">
<p>Loading card details…</p></main>`;
  return new Response(htmlDocument(nonce, "Card details", body, true), {
    status: 200,
    headers: pageHeaders(origin, nonce),
  });
}

/**
 * The link opened by the browser as anything but a frame (a tab of its own, a link preview's
 * document): 403, nothing spent, framable by nobody.
 */
export function notFramedPageResponse(): Response {
  const nonce = randomBytes(16).toString("base64");
  const body = `<main><p role="alert"><strong>Open this inside your app.</strong></p>
<p>Card details are shown only inside the app that asked for them. Nothing was shown, and the link was not used.</p></main>`;
  return new Response(htmlDocument(nonce, "Card details", body, false), {
    status: 403,
    headers: pageHeaders(null, nonce),
  });
}

const JSON_HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

/** The details for the page's script: the number in fours, expiry MM/YY, CVC. */
export function detailsJsonResponse(details: { number: string; cvc: string; expMonth: number; expYear: number }) {
  return Response.json(
    {
      number: details.number.replace(/(\d{4})(?=\d)/g, "$1 "),
      expiry: `${String(details.expMonth).padStart(2, "0")}/${String(details.expYear % 100).padStart(2, "0")}`,
      cvc: details.cvc,
    },
    { status: 200, headers: JSON_HEADERS },
  );
}

/** A reveal that cannot be granted: `status` 410 for a spent or dead link, 403 for a caller that is not the page. */
export function revealRefusedResponse(status: 403 | 410): Response {
  return Response.json({ expired: status === 410 }, { status, headers: JSON_HEADERS });
}
