// Mints an API key for the application's current console mode, with the chosen scopes and IP
// allowlist; the secret is returned once, to be shown once.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/create-api-key";
import { InvalidAllowlistEntry, normalizeAllowlist } from "@/lib/keys/ip-allowlist";
import { SCOPES } from "@/lib/keys/scopes";
import { ConsoleError } from "./errors";
import { parseFields } from "./parse-fields";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireVerifiedEmail } from "./email-verification";
import { accountAdminAddresses, mailLiveKeyMinted } from "./mails";

const mintKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(80, "Use at most 80 characters."),
  mode: z.enum(["test", "live"]),
  scopes: z.array(z.enum(SCOPES, "Unknown scope.")).min(1, "Choose at least one scope."),
  // Addresses or CIDR ranges separated by commas, spaces or new lines; empty allows any address.
  allowedIps: z.string().max(4000, "That list is too long.").default(""),
});

/** Untrusted form input; parsed here. */
export type MintKeyInput = { name: string; mode: string; scopes: readonly string[]; allowedIps?: string };

export async function mintKey(db: Db, context: AuditContext, applicationId: string, raw: MintKeyInput) {
  const application = await requireApplication(db, context.merchantId, applicationId, "see_keys");
  const input = parseFields(mintKeyInput, raw);
  requirePermission(application, writeIn(input.mode === "live"));
  if (input.mode === "live") await requireVerifiedEmail(db, context.merchantId, "mint live keys");
  const entries = input.allowedIps.split(/[\s,]+/).filter(Boolean);
  let allowedIps: string[];
  try {
    allowedIps = normalizeAllowlist(entries);
  } catch (error) {
    if (error instanceof InvalidAllowlistEntry) {
      throw ConsoleError.field(
        "allowedIps",
        `"${error.entry}" is not an IPv4/IPv6 address or CIDR range (e.g. 203.0.113.0/24 or 2001:db8::/32).`,
      );
    }
    throw error;
  }
  // Every scope ticked is stored as the full list, not as "empty = all", so the key keeps exactly what was shown.
  const { record, secret } = await createApiKey(db, {
    applicationId,
    mode: input.mode,
    name: input.name,
    scopes: input.scopes,
    allowedIps,
  });
  await recordAudit(db, context, {
    applicationId,
    action: "api_key.minted",
    detail: {
      keyId: record.id,
      name: record.name,
      mode: input.mode,
      scopes: record.scopes,
      allowedIps: record.allowedIps,
      last4: record.last4,
    },
  });
  if (input.mode === "live") {
    const by = await db.merchantUser.findUniqueOrThrow({ where: { id: context.merchantId }, select: { email: true } });
    for (const to of await accountAdminAddresses(db, application.accountId))
      await mailLiveKeyMinted(db, {
        to,
        applicationId,
        applicationName: application.name,
        keyName: record.name,
        last4: record.last4,
        by: by.email,
      });
  }
  return { id: record.id, secret };
}
