// `cli cards details`: a one-time link to a test card's details page, for an operator trying a test
// payment, made by the same domain function as POST /api/public/sdk/v1/cards/{id}/details-sessions.
// Test mode only: a live card's number is for its holder, through the application's own page.
import { Argument, Option, type Command } from "commander";
import { createDetailsSession } from "@/lib/cards/create-details-session";
import { prisma, transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { createCardDetailsSessionBodySchema } from "@/lib/schemas/card-details";
import { consoleBaseUrl } from "./bootstrap-command";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, requireApplication } from "./options";

export type CardDetailsOptions = { app: string; origin?: string; json?: boolean };

export const cardDetailsCommand: CliCommand<CardDetailsOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("print a one-time link to a test card's number and CVC")
        .description(
          "Starts a card details session for a test-mode card and prints a link: open it once, within 10 " +
            "minutes, to see the number, expiry and CVC (with --origin, frame the printed url from a page at that " +
            "origin: the page shows details only framed by it). Live cards are refused: their details are shown only " +
            "to their holders, through POST /api/public/sdk/v1/cards/{id}/details-sessions.",
        )
        .addArgument(new Argument("<cardId>", "the card's id (card_…)"))
        .addOption(appOption())
        .addOption(
          new Option(
            "--origin <origin>",
            "the origin allowed to frame the page (default: this service's own, from PUBLIC_BASE_URL or the running server)",
          ),
        )
        .addOption(jsonOption("print the details session as one JSON line")),
      ["cards details card_… --app app_…", "cards details card_… --app app_… --origin http://localhost:5173"],
    ),

  async run(options, [cardId]) {
    if (!cardId) throw new Error("Name the card: cards details CARD_ID --app APP_ID");
    await requireApplication(options.app);
    const card = await prisma().card.findFirst({
      where: { id: cardId, applicationId: options.app },
      select: { livemode: true },
    });
    if (!card) throw new Error(`No card ${cardId} in ${options.app}.`);
    if (card.livemode) {
      throw new Error(
        `${cardId} is a live card: its details are shown only to its holder, through your application's details session.`,
      );
    }
    const base = consoleBaseUrl();
    // The API's own body rule, so both ways in agree on what an origin is.
    const body = createCardDetailsSessionBodySchema.safeParse({ origin: options.origin ?? new URL(base).origin });
    if (!body.success) throw new Error(`--origin: ${body.error.issues[0]?.message ?? "not an origin"}`);
    const tenant = { applicationId: options.app, livemode: false };
    try {
      const session = await transaction((tx) => createDetailsSession(tx, tenant, cardId, body.data, { baseUrl: base }));
      if (options.json) {
        console.log(JSON.stringify(session));
        return;
      }
      // The page shows the details only framed by the session's origin: this service's own framing
      // page when that is the origin, else the developer's own page at it.
      const url = new URL(session.url);
      if (body.data.origin === url.origin) {
        const token = url.pathname.split("/").pop() ?? "";
        console.log(
          `Open once in a browser, before ${session.expiresAt} (10 minutes), to see ${cardId}'s number, expiry and CVC:`,
        );
        console.log(`${url.origin}/card-details/frame#${token}`);
      } else {
        console.log(
          `Frame this once from a page at ${body.data.origin}, before ${session.expiresAt} (10 minutes), to see ${cardId}'s number, expiry and CVC:`,
        );
        console.log(session.url);
        console.log("(Opened on its own, in a tab, it shows nothing and stays unused.)");
      }
    } catch (error) {
      // The API's refusals (a canceled card, an origin test mode does not allow) in the operator's words.
      if (error instanceof DomainError)
        throw new Error(`${error.message}${error.param === "origin" ? " (--origin)" : ""}`);
      throw error;
    }
  },
};
