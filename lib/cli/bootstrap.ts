// `cli bootstrap`: the shortest path to a working key and a console sign-in: makes or reuses the
// operator's merchant account (with a console password) and application, mints a fresh all-scopes
// test key, and registers a webhook endpoint for every event when asked.
import { z } from "zod";
import { createApplication } from "@/lib/applications/create-application";
import { destinationRule, vetEndpointUrl } from "@/lib/webhooks/address-guard";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { modeSigningSecrets, openSigningSecret } from "@/lib/webhooks/signing-secrets";
import { parseFields } from "@/lib/console/parse-fields";
import { hashPassword } from "@/lib/console/password";
import { endPasswordResetLinks } from "@/lib/console/email-tokens";
import { endSessions } from "@/lib/console/sessions";
import { passwordStrengthProblem, passwordUserInputs, signUpInput } from "@/lib/console/sign-up";
import type { Db } from "@/lib/db/client";
import type { MerchantUser } from "@/lib/generated/prisma/client";
import { newId, randomBase62 } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-api-key";
import { accountEmailSchema } from "@/lib/schemas/email-address";

export const DEFAULT_OPERATOR_EMAIL = "operator@localhost";

const bootstrapFields = z
  .object({
    // Normalised as sign-in normalises it, under the one email rule (operator@localhost included).
    email: accountEmailSchema,
    // The console's sign-up rules (length, common passwords), so the console itself would accept it.
    password: signUpInput.shape.password.optional(),
  })
  // And, as at sign-up, not built from the account's own email.
  .superRefine(({ email, password }, ctx) => {
    const problem = password === undefined ? undefined : passwordStrengthProblem(password, passwordUserInputs(email));
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

/**
 * What bootstrap did about the console password:
 * - generated: a new random one (a new merchant, or one that had none), returned once;
 * - set: the --password given, for a new merchant or replacing an existing one's;
 * - unchanged: an existing merchant keeps its password (re-running never resets it silently);
 * - github: an existing merchant that signs in with GitHub only; no password is added unasked.
 */
export type ConsolePassword =
  { status: "generated"; password: string } | { status: "set" } | { status: "unchanged" } | { status: "github" };

export type BootstrapInput = { email: string; password?: string; appName: string; webhookUrl?: string };

async function generatedPassword(email: string): Promise<{ access: ConsolePassword; passwordHash: string }> {
  // 20 base62 characters (about 119 bits), held to the same rules as a chosen one.
  const { password } = parseFields(bootstrapFields, { email, password: randomBase62(20) });
  if (password === undefined) throw new Error("no password was generated");
  return { access: { status: "generated", password }, passwordHash: await hashPassword(password) };
}

/** The merchant's console password after this run, and the hash to store when it changes. */
async function consolePassword(
  email: string,
  existing: MerchantUser | null,
  password: string | undefined,
): Promise<{ access: ConsolePassword; passwordHash?: string }> {
  if (password !== undefined) return { access: { status: "set" }, passwordHash: await hashPassword(password) };
  if (existing?.passwordHash) return { access: { status: "unchanged" } };
  if (existing?.githubId) return { access: { status: "github" } };
  return generatedPassword(email);
}

/** A reused application's signing secrets in use now, per mode. */
async function currentSecrets(db: Db, applicationId: string) {
  const secretOf = async (livemode: boolean) =>
    openSigningSecret((await modeSigningSecrets(db, applicationId, livemode)).current).secret;
  return { test: await secretOf(false), live: await secretOf(true) };
}

export const BOOTSTRAP_KEY_NAME = "bootstrap";

/**
 * The name of the key this run mints: "bootstrap", then "bootstrap 2", "bootstrap 3"… A second run
 * cannot hand back the first key (only its hash is stored) and must not revoke it (an app may already
 * use it), so it adds one more with a name of its own: the key list (`keys list`, the console) tells
 * them apart, and the older ones are revoked by name when no longer wanted. Revoked keys keep their
 * numbers, so a name never points at two keys. (Two bootstraps of one application at the same
 * instant could pick the same number; their ids and last 4 still differ.)
 */
async function nextBootstrapKeyName(db: Db, applicationId: string): Promise<string> {
  const earlier = await db.apiKey.findMany({
    where: {
      applicationId,
      livemode: false,
      OR: [{ name: BOOTSTRAP_KEY_NAME }, { name: { startsWith: `${BOOTSTRAP_KEY_NAME} ` } }],
    },
    select: { name: true },
  });
  const numbers = earlier.map(({ name }) => {
    if (name === BOOTSTRAP_KEY_NAME) return 1;
    const match = /^bootstrap (\d+)$/.exec(name);
    return match ? Number(match[1]) : 0;
  });
  const next = Math.max(0, ...numbers) + 1;
  return next === 1 ? BOOTSTRAP_KEY_NAME : `${BOOTSTRAP_KEY_NAME} ${next}`;
}

/** Throws a ConsoleError of code "field" (field "email" or "password") when either breaks the console's rules. */
export async function bootstrap(db: Db, input: BootstrapInput) {
  const { email, password } = parseFields(bootstrapFields, { email: input.email, password: input.password });
  // Checked before anything is written, so a refused URL leaves no merchant with an unprinted password.
  const webhookUrl = input.webhookUrl
    ? (await vetEndpointUrl(input.webhookUrl, destinationRule(false))).url.toString()
    : undefined;
  const existing = await db.merchantUser.findUnique({ where: { email } });
  const { access, passwordHash } = await consolePassword(email, existing, password);
  const merchant = existing
    ? passwordHash
      ? await db.merchantUser.update({ where: { id: existing.id }, data: { passwordHash } })
      : existing
    : await db.merchantUser.create({ data: { id: newId("usr"), email, name: "Operator", passwordHash } });
  // A password replaced by the operator ends the merchant's sessions and reset links, as a change in the console does.
  if (existing && passwordHash) {
    await endSessions(db, existing.id, { reason: "password-changed" });
    await endPasswordResetLinks(db, existing.id);
  }

  const reused = await db.application.findFirst({
    where: { account: { members: { some: { merchantId: merchant.id, role: "owner" } } }, name: input.appName },
    orderBy: { createdAt: "asc" },
  });
  const { application, webhookSecrets } = reused
    ? { application: reused, webhookSecrets: await currentSecrets(db, reused.id) }
    : await createApplication(db, { merchantId: merchant.id, name: input.appName });

  const keyName = await nextBootstrapKeyName(db, application.id);
  const { secret, record: key } = await createApiKey(db, {
    applicationId: application.id,
    mode: "test",
    name: keyName,
  });

  let endpointId: string | undefined;
  if (webhookUrl) {
    const endpoint =
      (await db.webhookEndpoint.findFirst({
        where: { applicationId: application.id, livemode: false, url: webhookUrl, deletedAt: null },
      })) ?? (await addWebhookEndpoint(db, { applicationId: application.id, url: webhookUrl, livemode: false }));
    endpointId = endpoint.id;
  }
  return {
    merchantId: merchant.id,
    email: merchant.email,
    merchantReused: Boolean(existing),
    consolePassword: access,
    appId: application.id,
    appName: application.name,
    reused: Boolean(reused),
    testKey: secret,
    testKeyId: key.id,
    testKeyName: keyName,
    webhookSecrets,
    endpointId,
  };
}
