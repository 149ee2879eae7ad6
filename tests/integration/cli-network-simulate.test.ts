// `npm run cli -- network simulate <kind>`, parsed by the real program in process against the real
// database: an authorization then its clearing through the simulator, a repeat of a network id, and
// an unknown kind refused by the parser with nothing sent.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { runCliCaptured } from "../helpers/run-cli-captured";

const cli = runCliCaptured;

describe("cli network simulate", () => {
  it("authorizes, clears by the authorization's id, repeats a network id; refuses an unknown kind", async () => {
    const app = await setupApp();
    const { walletId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const base = ["--app", app.appId, "--card", cardId];
    const auth = await cli(
      "network",
      "simulate",
      "authorization",
      ...base,
      "--amount",
      "40",
      "--merchant",
      "Diner",
      "--category",
      "5812",
      "--json",
    );
    expect(auth.code).toBe(0);
    const answered = JSON.parse(auth.stdout.trim().split("\n").at(-1) ?? "") as {
      result: string;
      authorization: { id: string };
    };
    expect(answered.result).toBe("approved");
    const authorizationId = answered.authorization.id;

    const clearing = await cli(
      "network",
      "simulate",
      "clearing",
      ...base,
      "--amount",
      "46",
      "--authorization",
      authorizationId,
      "--network-id",
      "cli-clr-1",
    );
    expect(clearing.code).toBe(0);
    expect(clearing.stdout).toContain("clearing cli-clr-1: Applied");
    expect(clearing.stdout).toContain(
      `Authorization ${authorizationId}: closed, amount 40, captured 46, refunded 0 USD`,
    );
    const again = await cli(
      "network",
      "simulate",
      "clearing",
      ...base,
      "--amount",
      "46",
      "--authorization",
      authorizationId,
      "--network-id",
      "cli-clr-1",
    );
    expect(again.stdout).toContain("(a repeat: the first answer, nothing changed)");
    const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId } });
    expect({ posted: account.postedMinor, held: account.heldMinor }).toEqual({ posted: 5400n, held: 0n });

    const unknown = await cli("network", "simulate", "chargeback", ...base, "--amount", "1");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/chargeback/);
    expect(await prisma().networkStep.count({ where: { cardId } })).toBe(2);
  });
});
