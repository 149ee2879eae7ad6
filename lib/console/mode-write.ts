// The one check of a console write that happens in a mode the request names (registering a webhook
// endpoint, setting or removing the decision endpoint): the mode comes from the form that asked
// (its hidden `mode` field, the view the page was drawn in), never from the member's current view,
// and is checked here with that mode's write permission and, in live mode, a recent
// re-authentication. The caller then writes in the mode this returns, so switching the view between
// the check and the write (in another tab, say) can neither skip re-authentication nor move the
// write into the other mode (docs/decisions/console-mode.md).
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";
import { requireApplication } from "./require-application";
import { writeIn } from "./roles";

export type ModeWrite = { readonly applicationId: string; readonly livemode: boolean };

// The modes checkModeWrite returned: a write accepts only these, never one built by hand.
const checkedModes = new WeakSet<ModeWrite>();

/** "test" or "live" from a form; anything else (a forged or missing field) is refused. */
export function parseMode(value: string): boolean {
  if (value === "live") return true;
  if (value === "test") return false;
  throw ConsoleError.refused("This form does not say whether it is for test or live mode. Reload the page and try again.");
}

/**
 * Checks that `merchantId` may write in the mode `mode` names, and for live mode that they
 * re-authenticated lately (`requireReauthentication`: lib/console/recent-authentication.ts's check
 * in a server action), in that order, once; returns the mode to write in.
 */
export async function checkModeWrite(
  db: Db,
  merchantId: string,
  applicationId: string,
  mode: string,
  requireReauthentication: () => Promise<void>,
): Promise<ModeWrite> {
  const livemode = parseMode(mode);
  await requireApplication(db, merchantId, applicationId, writeIn(livemode));
  if (livemode) await requireReauthentication();
  const checked: ModeWrite = Object.freeze({ applicationId, livemode });
  checkedModes.add(checked);
  return checked;
}

/** The mode a write goes to: the checked one its request named, else (no form: tests, scripts) the member's view. */
export function modeOf(application: { id: string; consoleLivemode: boolean }, mode: ModeWrite | undefined): boolean {
  if (!mode) return application.consoleLivemode;
  if (!checkedModes.has(mode)) throw new Error("a write's mode must come from checkModeWrite");
  if (mode.applicationId !== application.id) throw ConsoleError.notFound("Application");
  return mode.livemode;
}
