// Scenario 6's load side, pinned beside the HTTP generator: a local receiver that answers 200 at
// once, and the event creator. Commit and receipt times are taken in this one process, on one clock.
// ours: events through recordEvent (event, delivery and graphile-worker job in one transaction);
// baseline: rows in the baseline's plain queue table. Driven by bench/run.ts over IPC.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inTransaction } from "../baseline/sql";
import { BASELINE_QUEUE_DDL, enqueueBaselineJobs } from "../baseline/webhook-queue";
import { newLatencyHistogram, recordMs, summarize, type LatencySummary } from "./latency";
import { runOpenSchedule } from "./open-schedule";
import type { ReceiverMessage } from "./webhook-receiver";

export type DriverCommand =
  | { type: "listen"; target: "ours" | "baseline" }
  | { type: "prepare"; applicationId: string; walletIds: string[] }
  | { type: "burst"; count: number }
  | { type: "await-drain"; timeoutMs: number }
  | { type: "paced"; rate: number; warmupSeconds: number; seconds: number; timeoutMs: number }
  | { type: "stop" };

export type DrainResult = {
  expected: number;
  received: number;
  /** First to last receipt. */
  seconds: number;
  /** Deliveries per second between the 20% and the 95% receipt: the worker's steady state, without its start-up or the tail. */
  throughput: number;
  /** Deliveries per second from first to last receipt, start-up included. */
  overallThroughput: number;
};
export type PacedResult = {
  targetRate: number;
  created: number;
  received: number;
  lost: number;
  latency: LatencySummary;
  generatorCpu: number;
};

export type DriverReply =
  | { type: "listening"; url: string }
  | { type: "prepared" }
  | { type: "burst-created"; seconds: number }
  | { type: "drained"; result: DrainResult }
  | { type: "paced-done"; result: PacedResult }
  | { type: "error"; message: string };

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is not set");
const reply = (message: DriverReply): void => {
  process.send?.(message);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Receipts, keyed by event id, and their times in order, of the phase under way.
let receipts = new Map<string, number>();
let receiptTimes: number[] = [];

// The receiver runs in a child process (webhook-receiver.ts) so that creating events here never
// delays its answers; it reports receipts in batches.
const receiver = fork(fileURLToPath(new URL("./webhook-receiver.ts", import.meta.url)), {
  execArgv: process.execArgv,
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
receiver.on("message", (message: ReceiverMessage) => {
  if (message.type !== "receipts") return;
  for (const [eventId, at] of message.receipts) {
    if (eventId) receipts.set(eventId, at);
    receiptTimes.push(at);
  }
});
const receiverUrlFor = (path: string) =>
  new Promise<string>((resolve) => {
    const onMessage = (message: ReceiverMessage) => {
      if (message.type !== "listening") return;
      receiver.off("message", onMessage);
      resolve(message.url);
    };
    receiver.on("message", onMessage);
    receiver.send({ type: "listen", path });
  });

/** Wall-clock milliseconds, sub-millisecond, on the same scale as the receiver process's. */
const now = () => performance.timeOrigin + performance.now();

function resetReceipts() {
  receipts = new Map();
  receiptTimes = [];
}

function rateBetween(times: number[], from: number, to: number): number {
  const i = Math.floor(from * (times.length - 1));
  const j = Math.floor(to * (times.length - 1));
  const seconds = ((times[j] ?? 0) - (times[i] ?? 0)) / 1000;
  return j > i && seconds > 0 ? (j - i) / seconds : 0;
}

type Creator = {
  /** Creates `count` events in as few transactions as is sensible (setup, not measured). */
  burst(count: number): Promise<void>;
  /** Creates one event in its own transaction; resolves with its id once committed. */
  one(): Promise<string>;
  close(): Promise<void>;
};

/** `walletIds` are real wallets (ours: an event takes its wallet's next sequence number); else made-up ids. */
function eventData(n: number, walletIds: string[] = []) {
  return {
    id: walletIds[n % Math.max(1, walletIds.length)] ?? `wal_bench${String(n).padStart(19, "0")}`,
    object: "wallet",
    externalUserId: `webhook_${n}`,
    email: "bench@example.com",
    name: "Bench User",
    address: null,
    currency: "USD",
    accountNumber: "4120303021",
    status: "active",
    balance: { available: 0, posted: 0 },
    livemode: false,
    createdAt: new Date().toISOString(),
  };
}

async function oursCreator(applicationId: string, walletIds: string[]): Promise<Creator> {
  const { prisma, transaction, disconnectDb } = await import("@/lib/db/client");
  const { recordEvent } = await import("@/lib/events/record-event");
  const tenant = { applicationId, livemode: false };
  let n = 0;
  await prisma().$connect();
  return {
    async burst(count) {
      for (let done = 0; done < count; done += 100) {
        const batch = Math.min(100, count - done);
        await transaction(async (tx) => {
          for (let i = 0; i < batch; i++)
            await recordEvent(tx, tenant, "wallet.provisioned", eventData(n++, walletIds));
        });
      }
    },
    async one() {
      const event = await transaction((tx) => recordEvent(tx, tenant, "wallet.provisioned", eventData(n++, walletIds)));
      return event.id;
    },
    close: disconnectDb,
  };
}

async function baselineCreator(url: string): Promise<Creator> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on("error", () => undefined);
  await pool.query(BASELINE_QUEUE_DDL);
  let n = 0;
  const job = () => {
    const index = n++;
    return {
      eventId: `evt_bench${String(index).padStart(19, "0")}`,
      type: "wallet.provisioned",
      url,
      data: eventData(index),
    };
  };
  return {
    async burst(count) {
      for (let done = 0; done < count; done += 100) {
        const batch = Array.from({ length: Math.min(100, count - done) }, job);
        await inTransaction(pool, (client) => enqueueBaselineJobs(client, batch));
      }
    },
    async one() {
      const next = job();
      await inTransaction(pool, (client) => enqueueBaselineJobs(client, [next]));
      return next.eventId;
    },
    close: () => pool.end(),
  };
}

let creator: Creator | undefined;
let target: "ours" | "baseline" = "ours";
let receiverUrl = "";
let burstSize = 0;

async function paced(rate: number, warmupSeconds: number, seconds: number, timeoutMs: number): Promise<PacedResult> {
  if (!creator) throw new Error("prepare first");
  const make = creator;
  resetReceipts();
  const histogram = newLatencyHistogram();
  const commits = new Map<string, number>();
  const creations: Promise<void>[] = [];
  // Creations leave on schedule whether or not earlier ones have committed.
  const { generatorCpu } = await runOpenSchedule({ rate, warmupSeconds, seconds }, (_index, _intendedAt, measured) => {
    creations.push(
      make.one().then((id) => {
        if (measured) commits.set(id, now());
      }),
    );
  });
  await Promise.all(creations);
  const giveUpAt = performance.now() + timeoutMs;
  const pending = () => [...commits.keys()].filter((id) => !receipts.has(id)).length;
  while (pending() > 0 && performance.now() < giveUpAt) await sleep(20);
  let lost = 0;
  for (const [id, committedAt] of commits) {
    const receivedAt = receipts.get(id);
    if (receivedAt === undefined) {
      lost++;
      recordMs(histogram, now() - committedAt);
    } else {
      // A receipt can be handled before the commit's promise resumes here; that is zero latency.
      recordMs(histogram, Math.max(0, receivedAt - committedAt));
    }
  }
  return {
    targetRate: rate,
    created: commits.size,
    received: commits.size - lost,
    lost,
    latency: summarize(histogram),
    generatorCpu,
  };
}

async function handle(command: DriverCommand): Promise<void> {
  switch (command.type) {
    case "listen": {
      target = command.target;
      receiverUrl = await receiverUrlFor(command.target);
      return reply({ type: "listening", url: receiverUrl });
    }
    case "prepare": {
      creator =
        target === "ours"
          ? await oursCreator(command.applicationId, command.walletIds)
          : await baselineCreator(receiverUrl);
      return reply({ type: "prepared" });
    }
    case "burst": {
      if (!creator) throw new Error("prepare first");
      const started = performance.now();
      resetReceipts();
      burstSize = command.count;
      await creator.burst(command.count);
      return reply({ type: "burst-created", seconds: (performance.now() - started) / 1000 });
    }
    case "await-drain": {
      const giveUpAt = performance.now() + command.timeoutMs;
      while (receiptTimes.length < burstSize && performance.now() < giveUpAt) await sleep(20);
      const times = receiptTimes;
      return reply({
        type: "drained",
        result: {
          expected: burstSize,
          received: times.length,
          seconds: ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000,
          throughput: rateBetween(times, 0.2, 0.95),
          overallThroughput: rateBetween(times, 0, 1),
        },
      });
    }
    case "paced":
      return reply({
        type: "paced-done",
        result: await paced(command.rate, command.warmupSeconds, command.seconds, command.timeoutMs),
      });
    case "stop":
      await creator?.close();
      receiver.send({ type: "stop" });
      process.exit(0);
  }
}

process.on("message", (message: DriverCommand) => {
  handle(message).catch((error: unknown) =>
    reply({ type: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
