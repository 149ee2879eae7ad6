// The card-details pages carry every public page's security headers, Strict-Transport-Security
// included, with their own framing: the details page framed by its session's origin only (so no
// X-Frame-Options, which can name no origin), the frame page by nobody (issue 35).
import { describe, expect, it, vi } from "vitest";
import { GET as detailsPage } from "@/app/card-details/[token]/route";
import { GET as framePage } from "@/app/card-details/frame/route";
import { pageSecurityHeaders } from "@/lib/http/security-headers";
import { walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

vi.hoisted(() => {
  // Published over https, as a hosted deployment is: HSTS is then on every page and API answer.
  process.env.PUBLIC_BASE_URL = "https://wallet.example";
});

const ORIGIN = "https://merchant.example";

async function openPage(token: string, headers: Record<string, string> = { "sec-fetch-dest": "iframe" }) {
  return detailsPage(new Request(`https://wallet.example/card-details/${token}`, { headers }), {
    params: Promise.resolve({ token }),
  });
}

describe("card-details security headers", () => {
  it("the details page: HSTS and the other page headers, framed by the session's origin alone", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const session = await testClient(app.key).POST("/api/public/sdk/v1/cards/{id}/details-sessions", {
      params: { path: { id: cardId } },
      body: { origin: ORIGIN },
    });
    expect(session.response.status).toBe(201);
    const token = new URL(session.data?.url ?? "").pathname.split("/").pop() ?? "";
    const pages = [
      await openPage(token),
      await openPage("cdt_unknown"),
      await openPage(token, { "sec-fetch-dest": "document" }),
    ];
    for (const page of pages) {
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(page.headers.get("permissions-policy")).toContain("camera=()");
      // Stricter than other pages': the link is the secret.
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const open = pages[0]!;
    expect(open.status).toBe(200);
    expect(open.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    expect(open.headers.get("x-frame-options")).toBeNull();
    // Every header other public pages carry is here, with their value, but the two it sets itself.
    for (const [name, value] of pageSecurityHeaders()) {
      if (name === "x-frame-options" || name === "referrer-policy") continue;
      expect(open.headers.get(name), name).toBe(value);
    }
  });

  it("the frame page: the same headers, framed by nobody", () => {
    const page = framePage();
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});
