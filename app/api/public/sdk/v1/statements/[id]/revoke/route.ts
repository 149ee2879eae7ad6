// POST /api/public/sdk/v1/statements/{id}/revoke: stop a statement's token from verifying.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { revokeStatementOperation } from "@/lib/operations";
import { revokeStatement } from "@/lib/statements/revoke-statement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(revokeStatementOperation, async ({ tenant, params, db }) => ({
    body: await revokeStatement(db, tenant, params.id),
  })),
);
