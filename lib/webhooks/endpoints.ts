// Webhook endpoints of an application: register (URL, mode, subscribed event kinds), edit, list,
// disable, enable, delete. Used by the CLI and the console; a URL is vetted by the same rule every
// send applies again.
import type { Db } from "@/lib/db/client";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { destinationRule, vetEndpointUrl } from "./address-guard";
import { CLEARED_STREAK } from "./endpoint-health";
import {
  failDeletedEndpointDeliveries,
  parkEndpointDeliveries,
  removeEndpointJobs,
  resumeEndpointDeliveries,
} from "./resume-deliveries";

export type AddEndpointInput = {
  applicationId: string;
  url: string;
  livemode: boolean;
  /** Empty or absent subscribes to every event kind. */
  events?: string[];
  /** Absent means enabled. */
  enabled?: boolean;
  description?: string | null;
  metadata?: Record<string, string>;
};

export class EndpointError extends Error {
  override name = "EndpointError";
  constructor(
    message: string,
    /** The input the refusal is about, when it is the event kinds rather than the URL. */
    readonly input?: "events",
  ) {
    super(message);
  }
}

function isEventType(value: string): value is EventType {
  return EVENT_TYPES.some((type) => type === value);
}

function vetEvents(input: string[] | undefined): string[] {
  const events = [...new Set(input ?? [])];
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length > 0)
    throw new EndpointError(
      `Unknown event kind(s): ${unknown.join(", ")}. Known: ${EVENT_TYPES.join(", ")}.`,
      "events",
    );
  return events;
}

async function vetUrl(input: string, livemode: boolean): Promise<string> {
  try {
    // In both modes, as at send time, where it is checked again: a name can point elsewhere later.
    const { url } = await vetEndpointUrl(input, destinationRule(livemode));
    return url.toString();
  } catch (error) {
    throw new EndpointError(error instanceof Error ? error.message : String(error));
  }
}

/** The URL and event kinds as stored, after the checks registration and every edit apply. */
async function vetEndpointInput(
  input: { url: string; events?: string[] },
  livemode: boolean,
): Promise<{ url: string; events: string[] }> {
  const events = vetEvents(input.events);
  return { url: await vetUrl(input.url, livemode), events };
}

export async function addWebhookEndpoint(db: Db, input: AddEndpointInput): Promise<WebhookEndpoint> {
  const { url, events } = await vetEndpointInput(input, input.livemode);
  const application = await db.application.findUnique({ where: { id: input.applicationId }, select: { id: true } });
  if (!application) throw new EndpointError(`No application ${input.applicationId}`);
  return db.webhookEndpoint.create({
    data: {
      id: newId("we"),
      applicationId: input.applicationId,
      livemode: input.livemode,
      url,
      events,
      enabled: input.enabled ?? true,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
    },
  });
}

/**
 * Changes where the endpoint is sent, which kinds it gets, its description and metadata: the fields
 * given, the URL vetted by the rule registration applies for its mode. The console sends URL and
 * kinds together (its form's empty kinds mean every kind); the API any of them.
 */
export async function updateWebhookEndpoint(
  db: Db,
  endpoint: Pick<WebhookEndpoint, "id" | "livemode">,
  input: { url?: string; events?: string[]; description?: string | null; metadata?: Record<string, string> },
): Promise<WebhookEndpoint> {
  return db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      ...(input.events !== undefined && { events: vetEvents(input.events) }),
      ...(input.url !== undefined && { url: await vetUrl(input.url, endpoint.livemode) }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.metadata !== undefined && { metadata: input.metadata }),
    },
  });
}

/** The application's endpoints that are not deleted, oldest first. */
export function listWebhookEndpoints(db: Db, applicationId: string): Promise<WebhookEndpoint[]> {
  return db.webhookEndpoint.findMany({ where: { applicationId, deletedAt: null }, orderBy: { createdAt: "asc" } });
}

/**
 * Stops sending to the endpoint, recording when and by whom (`by`: the merchant's email, say), and
 * parks its pending deliveries until it is enabled again; run it in a transaction so both commit
 * together. An endpoint already disabled keeps its reason (the engine's, say).
 */
export async function disableWebhookEndpoint(
  db: Db,
  endpointId: string,
  by = "the merchant",
): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint || endpoint.deletedAt) throw new EndpointError(`No webhook endpoint ${endpointId}`);
  if (!endpoint.enabled) return endpoint;
  const disabled = await db.webhookEndpoint.update({
    where: { id: endpointId },
    data: { enabled: false, disabledAt: new Date(), disabledReason: `Disabled by ${by}` },
  });
  await parkEndpointDeliveries(db, endpointId);
  return disabled;
}

/**
 * Turns the endpoint back on with a clean slate (no failure streak, no back-off) and queues its
 * pending deliveries again, in the caller's transaction so the endpoint is never enabled without them.
 */
export async function enableWebhookEndpoint(
  tx: Db,
  endpointId: string,
): Promise<{ endpoint: WebhookEndpoint; resumed: number }> {
  const found = await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!found || found.deletedAt) throw new EndpointError(`No webhook endpoint ${endpointId}`);
  const endpoint = await tx.webhookEndpoint.update({
    where: { id: endpointId },
    data: {
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      ...CLEARED_STREAK,
    },
  });
  return { endpoint, resumed: await resumeEndpointDeliveries(tx, endpointId) };
}

/**
 * Deletes the endpoint softly, so its deliveries stay readable: no event fans out to it again
 * (fan-out.ts), its queued jobs are removed, and its pending deliveries end failed now instead of
 * waiting forever; a send already under way finds it deleted (deliver.ts). Run it in a transaction.
 */
export async function deleteWebhookEndpoint(tx: Db, endpointId: string): Promise<{ failedDeliveries: number }> {
  await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { deletedAt: new Date() } });
  await removeEndpointJobs(tx, endpointId);
  return { failedDeliveries: await failDeletedEndpointDeliveries(tx, endpointId) };
}
