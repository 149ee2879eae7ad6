// `cli cards details`: prints a one-time details link for a test card that opens once, and refuses
// live cards, unknown cards and origins the API would refuse.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as detailsPage, POST as revealDetails } from "@/app/card-details/[token]/route";
import { runCli } from "@/lib/cli/run-cli";
import { walletWithCard } from "../helpers/card-money";
import { createKey, createMerchantApp } from "../helpers/fixtures";

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void (stdout += `${args.join(" ")}\n`));
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void (stderr += `${args.join(" ")}\n`));
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await runCli(argv, "npm run cli --");
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("cli cards details", () => {
  it("prints a details-session url for a test card, which opens once", async () => {
    const { application } = await createMerchantApp();
    const key = await createKey(application.id);
    const { cardId } = await walletWithCard(key.secret);
    const run = await cli("cards", "details", cardId, "--app", application.id, "--origin", "http://localhost:5173");
    expect(run.code, run.stderr).toBe(0);
    const url = /https?:\/\/\S+\/card-details\/(cdt_[0-9A-Za-z]{40})/.exec(run.stdout);
    expect(url, run.stdout).not.toBeNull();
    expect(run.stdout).toContain("Frame this once from a page at http://localhost:5173");
    const token = url![1]!;
    const params = { params: Promise.resolve({ token }) };
    const page = await detailsPage(new Request(`http://localhost/card-details/${token}`), params);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors http://localhost:5173");
    const reveal = () =>
      revealDetails(
        new Request(`http://localhost/card-details/${token}`, {
          method: "POST",
          headers: { "x-card-details": "reveal" },
        }),
        params,
      );
    expect((await reveal()).status).toBe(200);
    expect((await reveal()).status).toBe(410);

    // The service's own origin (the default; PORT names it here): a link to this service's framing page,
    // the token in the fragment.
    vi.stubEnv("PORT", "4321");
    const own = await cli("cards", "details", cardId, "--app", application.id);
    vi.unstubAllEnvs();
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toMatch(/^http:\/\/localhost:4321\/card-details\/frame#cdt_[0-9A-Za-z]{40}$/m);

    const json = await cli(
      "cards",
      "details",
      cardId,
      "--app",
      application.id,
      "--origin",
      "https://app.example.com",
      "--json",
    );
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ object: "card_details_session", cardId, livemode: false });
  });

  it("refuses a live card, an unknown card and an origin the API refuses", async () => {
    const { application } = await createMerchantApp();
    const live = await createKey(application.id, { mode: "live" });
    const { cardId: liveCard } = await walletWithCard(live.secret);
    const refusedLive = await cli("cards", "details", liveCard, "--app", application.id);
    expect(refusedLive.code).not.toBe(0);
    expect(refusedLive.stderr).toContain("live card");

    const unknown = await cli("cards", "details", "card_nope", "--app", application.id);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("No card card_nope");

    const test = await createKey(application.id);
    const { cardId } = await walletWithCard(test.secret);
    for (const origin of ["https://app.example.com/path", "http://example.com"]) {
      const run = await cli("cards", "details", cardId, "--app", application.id, "--origin", origin);
      expect(run.code, origin).not.toBe(0);
      expect(run.stderr, origin).toContain("origin");
    }
  });
});
