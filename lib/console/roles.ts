// What each member role may do in the console, declared once: requireApplication and requireAccount
// (require-application.ts) refuse what a role lacks, and pages ask `can` (or `refusalOf`, for the
// reason a control is shown disabled) before offering what would be refused. The README's roles table says the same in words (docs/decisions/teams-and-roles.md).
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { ConsoleError } from "./errors";

export type Role = MemberRole;

/** Strongest first: the order the team page lists roles in. */
export const ROLES = ["owner", "admin", "developer", "viewer"] as const satisfies readonly Role[];

export type Permission =
  /** Pages and lists without secrets: wallets, cards, events, deliveries, logs, the audit log. */
  | "read"
  /** The API keys list (names, masks, scopes). Viewers see no key at all, not even a fragment. */
  | "see_keys"
  /**
   * A test card's full number, expiry and CVC: the roles that see test keys, since either lets one
   * pay with the application's test money. No role reveals a live card's (reveal-card-details.ts).
   */
  | "reveal_test_cards"
  /** Changes in test mode: keys, endpoints, signing secrets (reveal included), replays, test events. */
  | "write_test"
  /** The same in live mode. */
  | "write_live"
  /** Create and rename the account's applications. */
  | "manage_applications"
  /** Invite, change roles, remove members. */
  | "manage_members";

export const PERMISSIONS: Readonly<Record<Permission, readonly Role[]>> = {
  read: ["owner", "admin", "developer", "viewer"],
  see_keys: ["owner", "admin", "developer"],
  reveal_test_cards: ["owner", "admin", "developer"],
  write_test: ["owner", "admin", "developer"],
  write_live: ["owner", "admin"],
  manage_applications: ["owner", "admin"],
  manage_members: ["owner"],
};

export function can(role: Role, permission: Permission): boolean {
  return PERMISSIONS[permission].includes(role);
}

/** The permission a change in one mode needs. */
export function writeIn(livemode: boolean): "write_live" | "write_test" {
  return livemode ? "write_live" : "write_test";
}

const REFUSALS: Record<Exclude<Permission, "read">, string> = {
  see_keys: "see API keys",
  reveal_test_cards: "reveal test card details",
  write_test: "change test-mode settings",
  write_live: "change live-mode settings",
  manage_applications: "create or rename applications",
  manage_members: "manage the account's members",
};

/** Why `role` may not do what `permission` covers, in the words a refusal uses; null when it may. */
export function refusalOf(role: Role, permission: Exclude<Permission, "read">): string | null {
  return can(role, permission)
    ? null
    : `Your role (${role}) cannot ${REFUSALS[permission]}. Ask an owner of the account.`;
}

export function requireRole(role: Role, permission: Permission): void {
  if (can(role, permission)) return;
  if (permission === "read") throw ConsoleError.notFound("Application");
  throw ConsoleError.forbidden(refusalOf(role, permission) ?? "");
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * A key as a page may show it to `role`: its name always, its fragments (prefix, last 4) only to a
 * role that sees keys. Pages that mention a key (the request log) read keys through here.
 */
export function keyForRole<Key extends { last4: string; prefix?: string }>(key: Key, role: Role): Key {
  if (can(role, "see_keys")) return key;
  return { ...key, last4: "••••", ...(key.prefix === undefined ? {} : { prefix: "" }) };
}
