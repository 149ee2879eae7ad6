// GET /api/public/sdk/v1/transfers/{id}: one transfer.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getTransferOperation } from "@/lib/operations";
import { getTransfer } from "@/lib/transfers/get-transfer";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getTransferOperation, async ({ tenant, params, db }) => ({
    body: await getTransfer(db, tenant, params.id),
  })),
);
