// One email rule (lib/schemas/email-address.ts): an address the service accepts on one path is
// accepted on every other. bootstrap's operator@localhost signs up, asks for a password reset (which
// queues its mail), is invited and invites; a wallet takes a dotless domain too; and every path
// refuses what is not an address with the same words.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { bootstrap, DEFAULT_OPERATOR_EMAIL } from "@/lib/cli/bootstrap";
import { requestPasswordReset } from "@/lib/console/password-reset";
import { signUp } from "@/lib/console/sign-up";
import { inviteMember } from "@/lib/console/team";
import { randomBase62 } from "@/lib/ids";
import { mailMessageSchema } from "@/lib/mail/mail-message";
import { accountEmailSchema, emailAddress } from "@/lib/schemas/email-address";
import { consoleRefusal } from "../helpers/console-refusal";
import { createMerchantApp, setupApp } from "../helpers/fixtures";
import { lastMail } from "../helpers/queued-mail";
import { testClient } from "../helpers/route-fetch";

const PASSWORD = "correct horse battery staple";
const caller = () => ({ address: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
/** An address on bootstrap's default domain, unique to this run. */
const localhostAddress = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@localhost`;

describe("one email rule", () => {
  it("accepts bootstrap's default address, as sign-in's field does", () => {
    expect(DEFAULT_OPERATOR_EMAIL).toBe("operator@localhost");
    expect(accountEmailSchema.parse(" Operator@LocalHost ")).toBe("operator@localhost");
    expect(emailAddress().safeParse(DEFAULT_OPERATOR_EMAIL).success).toBe(true);
    expect(mailMessageSchema.safeParse({ to: DEFAULT_OPERATOR_EMAIL, subject: "s", text: "t" }).success).toBe(true);
  });

  it("lets a localhost address made by bootstrap ask for a password reset, and queues its mail", async () => {
    const address = localhostAddress("operator");
    await bootstrap(prisma(), { email: address, appName: "Email rule app" });
    await transaction((tx) => requestPasswordReset(tx, { email: address }, caller()));
    expect((await lastMail(address)).subject).toMatch(/password/i);
  });

  it("signs up and invites localhost addresses", async () => {
    const signedUp = await signUp(prisma(), { email: localhostAddress("signup"), password: PASSWORD });
    expect(signedUp.email).toMatch(/@localhost$/);
    const owner = await createMerchantApp("Invites");
    await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
    const invitee = localhostAddress("invitee");
    const invited = await transaction((tx) =>
      inviteMember(tx, { merchantId: owner.merchant.id }, owner.application.accountId, {
        email: invitee,
        role: "developer",
      }),
    );
    expect(invited.email).toBe(invitee);
    expect((await lastMail(invitee)).to).toBe(invitee);
  });

  it("takes a wallet's email under the same rule", async () => {
    const app = await setupApp();
    const create = (email: string) =>
      testClient(app.key).POST("/api/public/sdk/v1/wallets", {
        body: { externalUserId: `email_${randomBase62(6)}`, currency: "USD", email },
      });
    const created = await create("ada@localhost");
    expect(created.response.status).toBe(201);
    const refused = await create("ada.example.com");
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error).toMatchObject({ code: "validation_failed", param: "email" });
  });

  it("refuses what is not an address on every path with the same words", async () => {
    for (const bad of ["not-an-address", "a@", "@localhost", "a b@localhost"]) {
      expect(accountEmailSchema.safeParse(bad).error?.issues[0]?.message).toBe("Enter a valid email address.");
      expect(await consoleRefusal(requestPasswordReset(prisma(), { email: bad }, caller()))).toMatchObject({
        message: "Enter a valid email address.",
      });
      expect(await consoleRefusal(signUp(prisma(), { email: bad, password: PASSWORD }))).toMatchObject({
        message: "Enter a valid email address.",
      });
    }
  });
});
