// A process making wallet-to-wallet transfers until it is killed, for the test that kills it with
// SIGKILL mid-transfer. Eight loops at once, each through the transfers' domain function in its own
// transaction; each transaction waits a little after posting, before it commits, so a kill lands on
// some with both legs written but not committed. Prints each committed transfer's id, one per line.
// Reads {"appId", "users"} from its first argument.
import { z } from "zod";
import { transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { createTransferBodySchema } from "@/lib/schemas/money-movement";
import { createTransfer } from "@/lib/transfers/create-transfer";

const input = z
  .object({ appId: z.string(), users: z.array(z.string()).min(2) })
  .parse(JSON.parse(process.argv[2] ?? "{}"));
const tenant = { applicationId: input.appId, livemode: false };
const pick = () => input.users[Math.floor(Math.random() * input.users.length)] ?? "";

async function loop(): Promise<never> {
  for (;;) {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    const body = createTransferBodySchema.parse({
      from: { type: "wallet", externalUserId: from },
      to: { type: "wallet", externalUserId: to },
      amount: (1 + Math.floor(Math.random() * 500)) / 100,
      currency: "USD",
    });
    try {
      const record = await transaction(async (tx) => {
        const made = await createTransfer(tx, tenant, body);
        await tx.$executeRaw`SELECT pg_sleep(0.02)`;
        return made;
      });
      process.stdout.write(`${record.id}\n`);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === "insufficient_funds")) throw error;
    }
  }
}

await Promise.all(Array.from({ length: 8 }, loop));
