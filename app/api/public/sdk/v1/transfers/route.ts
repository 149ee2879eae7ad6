// POST /api/public/sdk/v1/transfers: move money between the balance and wallets. GET: list transfers.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createTransferOperation, listTransfersOperation } from "@/lib/operations";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { listTransfers } from "@/lib/transfers/get-transfer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listTransfersOperation, async ({ tenant, query, db }) => ({ body: await listTransfers(db, tenant, query) })),
  sdkRoute(createTransferOperation, async ({ tenant, body, db }) => ({ body: await createTransfer(db, tenant, body) })),
);
