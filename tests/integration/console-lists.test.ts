// The console's lists page by cursor (newest first, ties broken by id) with their filters kept, refuse
// cursors that name no row of the list, and "Search by id" finds an application's own objects only.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { findObject } from "@/lib/console/find-object";
import { CONSOLE_PAGE_SIZE, type ConsolePage } from "@/lib/console/keyset-page";
import { listAuditLog } from "@/lib/console/list-audit-log";
import { listConsoleDeliveries } from "@/lib/console/list-console-deliveries";
import { listEvents } from "@/lib/console/list-events";
import { listKeys } from "@/lib/console/list-keys";
import { searchWallets } from "@/lib/console/search-wallets";
import { walletDetail } from "@/lib/console/wallet-detail";
import { api, merchant as shop, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";

type App = Awaited<ReturnType<typeof setupApp>>;

/** Ids sorting the same under any collation: one lower-case tag per run, then a zero-padded number. */
const tag = randomBytes(4).toString("hex");
const rowId = (prefix: string, i: number) => `${prefix}_${tag}${String(i).padStart(4, "0")}`;

/** Three rows share each createdAt, so only the id can order them. */
const BASE = Date.UTC(2026, 0, 1);
const createdAt = (i: number) => new Date(BASE + Math.floor(i / 3) * 1000);

/** The order a list must show: createdAt descending, then id descending. */
function newestFirst<T extends { id: string; createdAt: Date }>(rows: T[]): string[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

/** Follows `nextCursor` from the newest page to the last one, returning every page. */
async function walk<T extends { id: string }>(read: (after?: string) => Promise<ConsolePage<T>>) {
  const pages: ConsolePage<T>[] = [];
  let after: string | undefined;
  do {
    const page = await read(after);
    expect(page.unknownCursor).toBeUndefined();
    pages.push(page);
    after = page.nextCursor ?? undefined;
  } while (after && pages.length < 20);
  return pages;
}

const ids = <T extends { id: string }>(pages: ConsolePage<T>[]) => pages.flatMap((page) => page.rows.map((r) => r.id));

let a: App;
let b: App;

beforeAll(async () => {
  [a, b] = await Promise.all([setupApp(), setupApp()]);
});

describe("console lists page by cursor", () => {
  it("walks every wallet exactly once, newest first, keeping the literal search across pages", async () => {
    const rows = Array.from({ length: 130 }, (_, i) => ({
      id: rowId("wal", i),
      applicationId: a.appId,
      livemode: false,
      // 75 match "shop_" literally; the other 55 would match only if _ were a wildcard.
      externalUserId: i % 13 < 7 || i >= 120 ? `shop_${tag}_${i}` : `shopX${tag}_${i}`,
      email: "holder@example.com",
      currency: "USD",
      accountNumber: `9${tag}${String(i).padStart(4, "0")}`.slice(0, 16),
      createdAt: createdAt(i),
    }));
    await prisma().wallet.createMany({ data: rows });

    const all = await walk((after) => searchWallets(prisma(), a.merchant.id, a.appId, { after }));
    expect(all.map((page) => page.rows.length)).toEqual([50, 50, 30]);
    expect(ids(all)).toEqual(newestFirst(rows));

    const matching = rows.filter((row) => row.externalUserId.startsWith("shop_"));
    const searched = await walk((after) =>
      searchWallets(prisma(), a.merchant.id, a.appId, { externalUserId: "shop_", after }),
    );
    expect(searched).toHaveLength(Math.ceil(matching.length / CONSOLE_PAGE_SIZE));
    expect(ids(searched)).toEqual(newestFirst(matching));
  });

  it("walks events with a type filter held on every page", async () => {
    const rows = Array.from({ length: 111 }, (_, i) => ({
      id: rowId("evt", i),
      applicationId: a.appId,
      livemode: false,
      type: i % 2 === 0 ? "wallet.provisioned" : "card.issued",
      data: { n: i },
      sequence: i + 1,
      createdAt: createdAt(i),
    }));
    await prisma().event.createMany({ data: rows });
    const mine = (page: Awaited<ReturnType<typeof listEvents>>) => ({
      ...page,
      rows: page.rows.filter((row) => row.id.includes(tag)),
    });

    const all = await walk(async (after) => mine(await listEvents(prisma(), a.merchant.id, a.appId, { after })));
    expect(ids(all)).toEqual(newestFirst(rows));

    const cards = await walk(async (after) =>
      mine(await listEvents(prisma(), a.merchant.id, a.appId, { type: "card.issued", after })),
    );
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.flatMap((page) => page.rows).every((row) => row.type === "card.issued")).toBe(true);
    expect(ids(cards)).toEqual(newestFirst(rows.filter((row) => row.type === "card.issued")));
  });

  it("walks the audit log and the keys", async () => {
    const entries = Array.from({ length: 75 }, (_, i) => ({
      id: rowId("aud", i),
      merchantId: a.merchant.id,
      applicationId: a.appId,
      action: "key.created",
      detail: { n: i },
      createdAt: createdAt(i),
    }));
    await prisma().auditLog.createMany({ data: entries });
    const audit = await walk((after) => listAuditLog(prisma(), a.merchant.id, a.appId, { after }));
    expect(ids(audit).filter((id) => id.includes(tag))).toEqual(newestFirst(entries));
    expect(new Set(ids(audit)).size).toBe(ids(audit).length);

    for (let i = 0; i < CONSOLE_PAGE_SIZE + 2; i++) await createKey(b.appId, { name: `key ${i}` });
    const keys = await walk((after) => listKeys(prisma(), b.merchant.id, b.appId, { after }));
    const stored = await prisma().apiKey.findMany({ where: { applicationId: b.appId, livemode: false } });
    expect(keys).toHaveLength(2);
    expect(ids(keys)).toEqual(
      [...stored]
        .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1))
        .map((key) => key.id),
    );
  });

  it("walks deliveries with a status filter held on every page", async () => {
    const endpoint = await prisma().webhookEndpoint.create({
      data: {
        id: rowId("we", 0),
        applicationId: b.appId,
        livemode: false,
        url: "https://example.com/hook",
        events: [],
      },
    });
    const events = Array.from({ length: 120 }, (_, i) => ({
      id: rowId("evt", 5000 + i),
      applicationId: b.appId,
      livemode: false,
      type: "wallet.provisioned",
      data: {},
      sequence: i + 1,
      createdAt: createdAt(i),
    }));
    await prisma().event.createMany({ data: events });
    const deliveries = events.map((event, i) => ({
      id: rowId("whd", i),
      applicationId: b.appId,
      livemode: false,
      eventId: event.id,
      endpointId: endpoint.id,
      status: i % 5 === 0 ? ("failed" as const) : ("succeeded" as const),
      createdAt: createdAt(i),
    }));
    await prisma().webhookDelivery.createMany({ data: deliveries });

    const all = await walk((after) => listConsoleDeliveries(prisma(), b.merchant.id, b.appId, { after }));
    expect(ids(all)).toEqual(newestFirst(deliveries));
    const failed = await walk((after) =>
      listConsoleDeliveries(prisma(), b.merchant.id, b.appId, { status: "failed", endpoint: endpoint.id, after }),
    );
    expect(ids(failed)).toEqual(newestFirst(deliveries.filter((d) => d.status === "failed")));
    expect(failed.flatMap((page) => page.rows).every((row) => row.status === "failed")).toBe(true);
  });

  it("answers a cursor from another merchant, another list or the other mode as unknown, with no rows", async () => {
    const foreignWallet = await prisma().wallet.create({
      data: {
        id: rowId("wal", 9000),
        applicationId: b.appId,
        livemode: false,
        externalUserId: `foreign_${tag}`,
        email: "f@example.com",
        currency: "USD",
        accountNumber: `8${tag}9000`,
      },
    });
    const liveWallet = await prisma().wallet.create({
      data: {
        id: rowId("wal", 9001),
        applicationId: a.appId,
        livemode: true,
        externalUserId: `live_${tag}`,
        email: "l@example.com",
        currency: "USD",
        accountNumber: `8${tag}9001`,
      },
    });
    const unknown = { rows: [], nextCursor: null, unknownCursor: true };
    const m = a.merchant.id;
    expect(await searchWallets(prisma(), m, a.appId, { after: foreignWallet.id })).toEqual(unknown);
    expect(await searchWallets(prisma(), m, a.appId, { after: liveWallet.id })).toEqual(unknown);
    expect(await listEvents(prisma(), m, a.appId, { after: foreignWallet.id })).toEqual(unknown);
    expect(await listAuditLog(prisma(), m, a.appId, { after: "aud_nope" })).toEqual(unknown);
    const foreignKey = await prisma().apiKey.findFirstOrThrow({ where: { applicationId: b.appId } });
    expect(await listKeys(prisma(), m, a.appId, { after: foreignKey.id })).toEqual(unknown);
    expect(await listConsoleDeliveries(prisma(), m, a.appId, { after: rowId("whd", 0) })).toEqual(unknown);
  });
});

describe("search by id", () => {
  it("finds each kind of object of the application and where the console shows it", async () => {
    const { walletId, cardId, userId } = await walletWithCard(a.key, { fund: 100 });
    const spent = await api.spend(a.key, cardId, { amount: 12.5, merchant: shop });
    const authorizationId = spent.data?.id ?? "";
    expect(authorizationId).toMatch(/^auth_/);
    expect((await api.capture(a.key, authorizationId)).response.status).toBe(200);
    const capture = await prisma().ledgerTransfer.findFirstOrThrow({ where: { authorizationId, kind: "capture" } });
    const event = await prisma().event.findFirstOrThrow({ where: { walletId }, orderBy: { sequence: "asc" } });
    const delivery = await prisma().webhookDelivery.create({
      data: {
        id: rowId("whd", 8000),
        applicationId: a.appId,
        livemode: false,
        eventId: event.id,
        endpointId: (
          await prisma().webhookEndpoint.create({
            data: {
              id: rowId("we", 1),
              applicationId: a.appId,
              livemode: false,
              url: "https://example.com/a",
              events: [],
            },
          })
        ).id,
      },
    });
    const request = await prisma().requestLog.create({
      data: {
        id: rowId("req", 1),
        applicationId: a.appId,
        livemode: false,
        method: "GET",
        path: `/api/public/sdk/v1/wallets/${userId}`,
        status: 200,
        latencyMs: 3,
        createdAt: new Date(),
      },
    });
    const find = (id: string) => findObject(prisma(), a.merchant.id, a.appId, id);

    expect(await find(walletId)).toEqual({ found: "here", location: { kind: "wallet", walletId } });
    expect(await find(` ${cardId} `)).toEqual({ found: "here", location: { kind: "card", cardId } });
    // A captured authorization is anchored to the transaction that moved its money.
    expect(await find(authorizationId)).toEqual({
      found: "here",
      location: { kind: "wallet_row", walletId, anchor: capture.id },
    });
    expect(await find(event.id)).toEqual({ found: "here", location: { kind: "event", eventId: event.id } });
    expect(await find(delivery.id)).toEqual({ found: "here", location: { kind: "delivery", deliveryId: delivery.id } });
    expect(await find(request.id)).toEqual({ found: "here", location: { kind: "request", requestId: request.id } });
  });

  it("opens the page of the wallet's cards that holds an older card's open hold", async () => {
    const { walletId, cardId } = await walletWithCard(a.key, { fund: 100 });
    // A hold still open moved no money, so it is anchored to its card's row on the wallet page.
    const spent = await api.spend(a.key, cardId, { amount: 1, merchant: shop });
    const authorizationId = spent.data?.id ?? "";
    expect(authorizationId).toMatch(/^auth_/);
    const later = Array.from({ length: CONSOLE_PAGE_SIZE + 5 }, (_, i) => ({
      id: rowId("card", i),
      applicationId: a.appId,
      livemode: false,
      walletId,
      kind: "virtual" as const,
      currency: "USD",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      createdAt: new Date(Date.now() + 60_000 + i),
    }));
    await prisma().card.createMany({ data: later });
    const result = await findObject(prisma(), a.merchant.id, a.appId, authorizationId);
    if (result.found !== "here" || result.location.kind !== "wallet_row") throw new Error(JSON.stringify(result));
    expect(result.location.anchor).toBe(cardId);
    expect(result.location.cardsAfter).toBe(later[0]?.id);
    const page = await walletDetail(prisma(), a.merchant.id, a.appId, walletId, {
      cardsAfter: result.location.cardsAfter,
    });
    expect(page.cards.rows[0]?.id).toBe(cardId);
  });

  it("says an object is in the other mode, and knows nothing of another merchant's ids", async () => {
    const live = await prisma().wallet.create({
      data: {
        id: rowId("wal", 9100),
        applicationId: a.appId,
        livemode: true,
        externalUserId: `live2_${tag}`,
        email: "l@example.com",
        currency: "USD",
        accountNumber: `7${tag}9100`,
      },
    });
    expect(await findObject(prisma(), a.merchant.id, a.appId, live.id)).toEqual({
      found: "other_mode",
      livemode: true,
    });

    const other = await walletWithCard(b.key);
    const otherEvent = await prisma().event.findFirstOrThrow({ where: { walletId: other.walletId } });
    for (const id of [other.walletId, other.cardId, otherEvent.id, rowId("whd", 0), "req_nope", "nonsense", ""]) {
      expect(await findObject(prisma(), a.merchant.id, a.appId, id)).toEqual({ found: "nowhere" });
    }
    // B's own application is not A's to search.
    await expect(findObject(prisma(), a.merchant.id, b.appId, other.walletId)).rejects.toThrow(/not found/);
  });
});
