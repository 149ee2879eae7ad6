// POST /api/public/sdk/v1/payouts: pay out of a wallet or the balance to a bank account. GET: list payouts.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createPayoutOperation, listPayoutsOperation } from "@/lib/operations";
import { createPayout } from "@/lib/payouts/create-payout";
import { listPayouts } from "@/lib/payouts/get-payout";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listPayoutsOperation, async ({ tenant, query, db }) => ({ body: await listPayouts(db, tenant, query) })),
  sdkRoute(createPayoutOperation, async ({ tenant, body, db }) => ({ body: await createPayout(db, tenant, body) })),
);
