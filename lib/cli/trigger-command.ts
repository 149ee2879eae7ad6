// `npm run cli -- trigger <event> --app ID`: fires a real test-mode event so a webhook receiver can
// be tested end to end; says where its deliveries were queued, and with --wait how they were answered.
import { setTimeout as sleep } from "node:timers/promises";
import { Argument, Option, type Command } from "commander";
import { prisma } from "@/lib/db/client";
import { EVENT_TYPES } from "@/lib/events/record-event";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, requireApplication } from "./options";
import { parseEventType, triggerTestEvent, type QueuedDelivery, type TriggerResult } from "./trigger-event";

const WAIT_TIMEOUT_MS = 30_000;
const WAIT_POLL_MS = 250;
const WORKER_REMINDER =
  "Deliveries are sent by the webhook worker inside `npm run dev` / `npm start`, or alone with `npm run worker`; this command does not start one.";

type FirstAttempt = {
  deliveryId: string;
  url: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
};

/** Each delivery's first attempt, once every delivery has one or the time is up (missing ones are left out). */
async function waitForFirstAttempts(
  deliveries: QueuedDelivery[],
  timeoutMs = WAIT_TIMEOUT_MS,
): Promise<FirstAttempt[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempts = await prisma().webhookAttempt.findMany({
      where: { deliveryId: { in: deliveries.map((d) => d.id) } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { deliveryId: true, statusCode: true, error: true, latencyMs: true },
    });
    const first = deliveries.flatMap((d) => {
      const attempt = attempts.find((a) => a.deliveryId === d.id);
      return attempt ? [{ ...attempt, url: d.url }] : [];
    });
    if (first.length === deliveries.length || Date.now() >= deadline) return first;
    await sleep(WAIT_POLL_MS);
  }
}

function addEndpointHint(applicationId: string): string {
  return `npm run cli -- webhooks add --app ${applicationId} --url URL`;
}

function deliveriesText(deliveries: QueuedDelivery[]): string {
  if (deliveries.length === 0) return "no deliveries queued";
  const urls = deliveries.map((d) => `${d.url} (${d.id})`).join(", ");
  return `${deliveries.length} ${deliveries.length === 1 ? "delivery" : "deliveries"} queued -> ${urls}`;
}

function describe(result: TriggerResult): string[] {
  const { resources } = result;
  const made = [
    `wallet ${resources.externalUserId}${resources.walletId ? ` (${resources.walletId})` : ""}`,
    resources.cardId ? `card ${resources.cardId}` : "",
    resources.authorizationId ? `authorization ${resources.authorizationId}` : "",
  ].filter(Boolean);
  const width = Math.max(...result.events.map((e) => e.type.length));
  return [
    `Triggered ${result.type} in test mode for ${result.applicationId}; made ${made.join(", ")}.`,
    "Events:",
    ...result.events.map((e) => `  ${e.type.padEnd(width)}  ${e.id}  ${deliveriesText(e.deliveries)}`),
  ];
}

function attemptText(attempt: FirstAttempt): string {
  const outcome =
    attempt.statusCode === null ? `error: ${attempt.error ?? "no response"}` : `HTTP ${attempt.statusCode}`;
  const latency = attempt.latencyMs === null ? "" : ` in ${attempt.latencyMs} ms`;
  return `  ${attempt.deliveryId}  ${attempt.url}  ${outcome}${latency}`;
}

export type TriggerOptions = { app: string; wait?: boolean; json?: boolean };

export const triggerCommand: CliCommand<TriggerOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("fire a real test-mode event at your endpoints")
        .description(
          "Fires a real test-mode event, making the wallet, funding, card and authorization it needs through " +
            "the same operations as the API, and lists the deliveries it queued. " +
            WORKER_REMINDER,
        )
        .addArgument(new Argument("<event>", "the event to fire").choices(EVENT_TYPES))
        .addOption(appOption())
        .addOption(
          new Option("--wait", `wait up to ${WAIT_TIMEOUT_MS / 1000} s for each delivery's first attempt and show it`),
        )
        .addOption(jsonOption("print the result as one JSON document")),
      ["trigger card.captured --app app_…", "trigger wallet.provisioned --app app_… --wait --json"],
    ),

  async run(options, [event]) {
    // Also checked here, not only by commander's choices, for callers that skip the parser.
    const type = parseEventType(event);
    const applicationId = options.app;
    await requireApplication(applicationId);
    const result = await triggerTestEvent(applicationId, type);
    const target = result.events.at(-1);
    if (!target) throw new Error(`triggering ${type} caused no event`);
    const unheard =
      target.deliveries.length === 0
        ? `No enabled test-mode webhook endpoint of ${applicationId} subscribes to ${type}, so nothing will be delivered. Add one: ${addEndpointHint(applicationId)}`
        : undefined;
    const attempts = options.wait && !unheard ? await waitForFirstAttempts(target.deliveries) : undefined;
    // Waited in vain: the usual cause is that no worker is running.
    if (attempts && attempts.length < target.deliveries.length) process.exitCode = 1;

    if (options.json) {
      // stdout stays one JSON document; the reminder goes to stderr.
      if (!unheard && !attempts) console.error(WORKER_REMINDER);
      console.log(
        JSON.stringify({ ...result, ...(unheard ? { warning: unheard } : {}), ...(attempts ? { attempts } : {}) }),
      );
      return;
    }
    const lines = describe(result);
    lines.push(unheard ?? WORKER_REMINDER);
    if (attempts) {
      lines.push(
        `First attempts for ${type} (waited up to ${WAIT_TIMEOUT_MS / 1000} s):`,
        ...attempts.map(attemptText),
      );
      const missing = target.deliveries.filter((d) => !attempts.some((a) => a.deliveryId === d.id));
      for (const d of missing) lines.push(`  ${d.id}  ${d.url}  no attempt yet: is a worker running?`);
    }
    console.log(lines.join("\n"));
  },
};
