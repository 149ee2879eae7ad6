// The console's card page: its summary read and the reveal of a test card's details are the
// owning merchant's only, only roles that see test keys reveal (issue 35, Low), live cards never
// reveal, and the audit line names the card, not its number.
import { describe, expect, it } from "vitest";
import { isLuhnValid } from "@/lib/cards/card-number";
import { cardDetail } from "@/lib/console/card-detail";
import { revealCardDetails } from "@/lib/console/reveal-card-details";
import { setMode } from "@/lib/console/set-mode";
import { refusalOf, ROLES, type Role } from "@/lib/console/roles";
import { signUp } from "@/lib/console/sign-up";
import { acceptInvitation, inviteMember } from "@/lib/console/team";
import { prisma, transaction } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { api, walletWithCard } from "../helpers/card-money";
import { refusal } from "../helpers/console-refusal";
import { createKey, createMerchantApp } from "../helpers/fixtures";
import { lastMail, linkToken } from "../helpers/queued-mail";

/** A person who joined `owner`'s account as `role` through an invitation. */
async function memberOf(owner: Awaited<ReturnType<typeof createMerchantApp>>, role: Role) {
  await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
  const person = await signUp(prisma(), {
    email: `${role}-${randomBase62(8).toLowerCase()}@example.test`,
    password: "correct horse battery staple",
  });
  await transaction((tx) =>
    inviteMember(tx, { merchantId: owner.merchant.id }, owner.application.accountId, { email: person.email, role }),
  );
  await transaction(async (tx) =>
    acceptInvitation(tx, { merchantId: person.id }, linkToken(await lastMail(person.email))),
  );
  return person;
}

describe("console card page", () => {
  it("reveals a test card's Luhn-valid number to its merchant, audited by card id only", async () => {
    const a = await createMerchantApp();
    const key = await createKey(a.application.id);
    const { cardId } = await walletWithCard(key.secret);
    const context = { merchantId: a.merchant.id };
    const summary = await cardDetail(prisma(), a.merchant.id, a.application.id, cardId);
    expect(summary.card).toMatchObject({ id: cardId, object: "card" });

    const revealed = await revealCardDetails(prisma(), context, a.application.id, cardId);
    expect(isLuhnValid(revealed.number)).toBe(true);
    expect(revealed.number.slice(-4)).toBe(summary.card.last4);
    expect(revealed.cvc).toMatch(/^\d{3}$/);
    expect(revealed).toMatchObject({ expMonth: summary.card.expMonth, expYear: summary.card.expYear });

    const audit = await prisma().auditLog.findMany({
      where: { applicationId: a.application.id, action: "card_details.revealed" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toEqual({ cardId });
    expect(JSON.stringify(audit)).not.toContain(revealed.number);
  });

  it("treats another merchant's card as one that does not exist", async () => {
    const a = await createMerchantApp();
    const b = await createMerchantApp();
    const key = await createKey(a.application.id);
    const { cardId } = await walletWithCard(key.secret);
    expect(await refusal(cardDetail(prisma(), b.merchant.id, a.application.id, cardId))).toBe("not_found");
    expect(await refusal(cardDetail(prisma(), b.merchant.id, b.application.id, cardId))).toBe("not_found");
    const bContext = { merchantId: b.merchant.id };
    expect(await refusal(revealCardDetails(prisma(), bContext, a.application.id, cardId))).toBe("not_found");
    expect(await refusal(revealCardDetails(prisma(), bContext, b.application.id, cardId))).toBe("not_found");
    expect(
      await prisma().auditLog.count({ where: { action: "card_details.revealed", merchantId: b.merchant.id } }),
    ).toBe(0);
  });

  it("never reveals a live card, nor a canceled one", async () => {
    const a = await createMerchantApp();
    const context = { merchantId: a.merchant.id };
    const live = await createKey(a.application.id, { mode: "live" });
    const { cardId: liveCard } = await walletWithCard(live.secret);
    await setMode(prisma(), context, a.application.id, "live");
    expect((await cardDetail(prisma(), a.merchant.id, a.application.id, liveCard)).card.livemode).toBe(true);
    expect(await refusal(revealCardDetails(prisma(), context, a.application.id, liveCard))).toBe("refused");

    await setMode(prisma(), context, a.application.id, "test");
    const test = await createKey(a.application.id);
    const { cardId } = await walletWithCard(test.secret);
    await api.cancel(test.secret, cardId);
    expect(await refusal(revealCardDetails(prisma(), context, a.application.id, cardId))).toBe("refused");
  });

  it("reveals a test card only to roles that see test keys, and a live card to no role", async () => {
    const a = await createMerchantApp();
    const { cardId } = await walletWithCard((await createKey(a.application.id)).secret);
    const { cardId: liveCard } = await walletWithCard((await createKey(a.application.id, { mode: "live" })).secret);
    const members = { owner: a.merchant.id } as Record<Role, string>;
    for (const role of ["admin", "developer", "viewer"] as const) members[role] = (await memberOf(a, role)).id;
    for (const role of ROLES) {
      const context = { merchantId: members[role] };
      const reveal = revealCardDetails(prisma(), context, a.application.id, cardId);
      if (role === "viewer") {
        expect(await refusal(reveal)).toBe("forbidden");
        expect(refusalOf(role, "reveal_test_cards")).toBe(
          "Your role (viewer) cannot reveal test card details. Ask an owner of the account.",
        );
      } else {
        expect((await reveal).number).toMatch(/^\d{16}$/);
        expect(refusalOf(role, "reveal_test_cards")).toBeNull();
      }
      await setMode(prisma(), context, a.application.id, "live");
      expect(await refusal(revealCardDetails(prisma(), context, a.application.id, liveCard))).toMatch(
        /^(refused|forbidden)$/,
      );
    }
    const seenBy = await prisma().auditLog.findMany({
      where: { applicationId: a.application.id, action: "card_details.revealed" },
      select: { merchantId: true },
    });
    expect(seenBy.map((line) => line.merchantId).sort()).toEqual(
      [members.owner, members.admin, members.developer].sort(),
    );
  });
});
