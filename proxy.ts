// Next.js proxy (the file convention that was middleware): gives every page its security headers and
// a Content-Security-Policy with a fresh nonce, which Next.js reads from the request's CSP header and
// puts on the scripts it renders (app/layout.tsx renders every page per request so that it can).
// API paths are left out, so their cost does not change (lib/http/headers.ts sets theirs), as is
// the card-details page, which sets its own policy for the one origin that may frame it and adds
// these same headers itself (app/card-details/[token]/details-page.ts, cardPageHeaders).
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "@/lib/http/security-headers";

export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  // NODE_ENV is Next's own (dev server or build), not a setting of ours: the dev server's fast
  // refresh needs eval.
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of pageSecurityHeaders()) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the API, the card-details page, and Next's static files (built assets carry
  // nosniff from next.config.mjs).
  matcher: ["/((?!api/|card-details/|_next/static/|_next/image|favicon\\.ico$|icon\\.svg$).*)"],
};
