// The listen feed (issue 38, part 3): the application's test-mode events after a cursor, waiting up
// to a couple of seconds for one (a long poll), for `listen` to forward to a developer's local
// server. The server keeps nothing per listener: the cursor is the listener's. Events are read in
// the order of their recording transaction's id, and only those of transactions older than every
// transaction still running (the snapshot's xmin), so one that commits late is never behind a cursor
// already handed out (docs/decisions/webhook-listen.md).
import type { Db } from "@/lib/db/client";
import type { Event } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { remainingMs } from "@/lib/platform/request-deadline";
import type { ListenPage, ListenQuery } from "@/lib/schemas/event-listen";
import type { Tenant } from "@/lib/tenant";
import { DomainError } from "@/lib/errors";
import { SCHEMA_VERSION } from "@/lib/version";
import { eventRecord } from "./event-record";

const PAGE = 100;
const POLL_MS = 250;
/** Past every event id ([0-9A-Za-z_] in C collation): a cursor at it has seen the whole transaction. */
const END_OF_TRANSACTION = "~";

type Cursor = { txid: bigint; id: string };

function parseCursor(text: string): Cursor {
  const dot = text.indexOf(".");
  return { txid: BigInt(text.slice(0, dot)), id: text.slice(dot + 1) };
}

const cursorText = (cursor: Cursor) => `${cursor.txid}.${cursor.id}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every transaction with a smaller id has ended: the events it recorded are all visible now. */
async function settledBelow(db: Db): Promise<bigint> {
  const [row] = await db.$queryRaw<{ xmin: bigint }[]>`
    SELECT (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint AS "xmin"`;
  if (!row) throw new Error("no snapshot");
  return row.xmin;
}

async function readPage(db: Db, tenant: Tenant, after: Cursor, types: string[] | null) {
  const xmin = await settledBelow(db);
  const rows = await db.$queryRaw<Event[]>`
    SELECT * FROM "Event"
    WHERE "applicationId" = ${tenant.applicationId} AND "livemode" = ${tenant.livemode} AND NOT "isTest"
      AND "txid" < ${xmin}
      AND ("txid", "id" COLLATE "C") > (${after.txid}, ${after.id} COLLATE "C")
      ${types ? Prisma.sql`AND "type" = ANY(${types})` : Prisma.empty}
    ORDER BY "txid", "id" COLLATE "C"
    LIMIT ${PAGE + 1}`;
  const hasMore = rows.length > PAGE;
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  // Past the page's last event when there is more; otherwise everything settled has been seen.
  const settled = { txid: xmin - 1n, id: END_OF_TRANSACTION };
  const cursor = hasMore && last?.txid != null ? { txid: last.txid, id: last.id } : settled.txid > after.txid ? settled : after;
  return { events: page, cursor, hasMore };
}

export async function listenEvents(db: Db, tenant: Tenant, query: ListenQuery): Promise<ListenPage> {
  if (tenant.livemode)
    throw new DomainError("test_mode_only", "listen forwards test-mode events only: use an sk_test_ key.");
  const types = query.types ? [...new Set(query.types.split(",").map((t) => t.trim()))] : null;
  const answer = (events: Event[], cursor: Cursor, hasMore: boolean): ListenPage => ({
    object: "list",
    data: events.map(eventRecord),
    cursor: cursorText(cursor),
    has_more: hasMore,
    schemaVersion: SCHEMA_VERSION,
  });
  if (query.after === undefined) {
    const xmin = await settledBelow(db);
    return answer([], { txid: xmin - 1n, id: END_OF_TRANSACTION }, false);
  }
  let after = parseCursor(query.after);
  // Within the request's own budget, with time left to answer.
  const waitUntil = Date.now() + Math.min(query.wait * 1000, Math.max(0, (remainingMs() ?? 3_000) - 750));
  for (;;) {
    const page = await readPage(db, tenant, after, types);
    if (page.events.length > 0 || Date.now() + POLL_MS > waitUntil) return answer(page.events, page.cursor, page.hasMore);
    after = page.cursor;
    await sleep(POLL_MS);
  }
}
