// Which mode this browser's console shows for each application: the per-person, per-browser half of
// the console's view (docs/decisions/console-mode.md). A cookie holds, for the member signed in here,
// the applications this browser shows live or test; an application it does not name falls back to
// the member's own view (ConsoleView, the choice they made last anywhere), and that to test.
//
// It is a view preference, not an authorisation: requireApplication still checks the member's
// access, and a write takes its mode from its own form (mode-write.ts). So the cookie is not signed;
// it names its member only so that someone else signing in on this browser starts from their own view.
import { cookies } from "next/headers";
import { consoleBaseUrl } from "./auth-options";

const VIEW_COOKIE = "console-views";
/** Applications remembered per browser, newest first; an older choice falls back to the member's view. */
const MAX_VIEWS = 50;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

type Views = { member: string; live: Record<string, boolean> };

function parse(raw: string | undefined): Views | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null) return undefined;
    const { member, live } = value as Partial<Views>;
    if (typeof member !== "string" || typeof live !== "object" || live === null) return undefined;
    const entries = Object.entries(live).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean");
    return { member, live: Object.fromEntries(entries) };
  } catch {
    return undefined;
  }
}

/**
 * The applications this browser shows live (true) or test (false) for `memberId`. Empty outside a
 * request (a script or test calling the console's functions directly), where there is no browser.
 */
export async function browserViews(memberId: string): Promise<Record<string, boolean>> {
  let raw: string | undefined;
  try {
    raw = (await cookies()).get(VIEW_COOKIE)?.value;
  } catch {
    // next/headers throws outside a request's scope: no browser, so no browser's view.
    return {};
  }
  const views = parse(raw);
  return views?.member === memberId ? views.live : {};
}

/** Records in this browser that it shows `applicationId` live or test; in a server action only. */
export async function rememberBrowserView(memberId: string, applicationId: string, livemode: boolean): Promise<void> {
  const jar = await cookies();
  const current = parse(jar.get(VIEW_COOKIE)?.value);
  const kept = current?.member === memberId ? Object.entries(current.live) : [];
  const live = Object.fromEntries(
    [[applicationId, livemode] as const, ...kept.filter(([id]) => id !== applicationId)].slice(0, MAX_VIEWS),
  );
  jar.set(VIEW_COOKIE, Buffer.from(JSON.stringify({ member: memberId, live })).toString("base64url"), {
    httpOnly: true,
    sameSite: "lax",
    path: "/merchant/sdk",
    maxAge: YEAR_SECONDS,
    secure: consoleBaseUrl().startsWith("https://"),
  });
}
