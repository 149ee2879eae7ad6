// The card details page as a complete HTML response: the number in groups of four, expiry and CVC,
// each with a copy button, or the "this link has expired" page (410). Built as a string, not a
// React page, because its status and its headers (the framing origin differs per link) are part
// of what it promises, and a page of Next.js can set neither. It loads nothing: styles and the one
// script are inline, allowed by a nonce, so the Content-Security-Policy can forbid everything else.
import { randomBytes } from "node:crypto";
import type { DetailsPageOutcome } from "@/lib/cards/open-details-session";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * No caching anywhere, no referrer (the link is the secret), framing only by the session's origin
 * (no origin known: nobody), and nothing loaded from anywhere.
 */
function pageHeaders(origin: string | null, nonce: string): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${origin ?? "'none'"}`,
    ].join("; "),
  });
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

// Copies the value without the spaces it is shown with; says so in the button, for screen readers too.
const SCRIPT = `
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      const value = document.getElementById(button.dataset.copy).textContent.replace(/\\s+/g, "");
      try { await navigator.clipboard.writeText(value); button.textContent = "Copied"; }
      catch { button.textContent = "Copy failed"; }
      setTimeout(() => { button.textContent = "Copy"; }, 2000);
    });
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

function row(id: string, label: string, value: string): string {
  return `<div class="row"><div><dt id="${id}-label">${label}</dt><dd id="${id}">${escapeHtml(value)}</dd></div>
<button type="button" data-copy="${id}" aria-describedby="${id}-label">Copy</button></div>`;
}

export function detailsPageResponse(outcome: DetailsPageOutcome): Response {
  const nonce = randomBytes(16).toString("base64");
  if (outcome.kind === "expired") {
    const body = `<main><p role="alert"><strong>This link has expired.</strong></p>
<p>Card details links work once, within 10 minutes. Ask the app for a new one.</p></main>`;
    return new Response(htmlDocument(nonce, "This link has expired", body, false), {
      status: 410,
      headers: pageHeaders(outcome.origin, nonce),
    });
  }
  const { number, cvc, expMonth, expYear } = outcome.details;
  const grouped = number.replace(/(\d{4})(?=\d)/g, "$1 ");
  const expiry = `${String(expMonth).padStart(2, "0")}/${String(expYear % 100).padStart(2, "0")}`;
  const body = `<main><dl aria-label="Card details">
${row("number", "Card number", grouped)}
${row("expiry", "Expiry (MM/YY)", expiry)}
${row("cvc", "CVC", cvc)}
</dl></main>`;
  return new Response(htmlDocument(nonce, "Card details", body, true), {
    status: 200,
    headers: pageHeaders(outcome.origin, nonce),
  });
}
