// POST /api/public/sdk/v1/statements/{id}/revoke: stop a statement's token from verifying.
import { sdkRoute } from "@/lib/http/sdk-route";
import { statementPathSchema } from "@/lib/schemas/statement";
import { revokeStatement } from "@/lib/statements/revoke-statement";

export const POST = sdkRoute(
  { scope: "statements:write", params: statementPathSchema },
  async ({ tenant, params, db }) => ({
    body: await revokeStatement(db, tenant, params.id),
  }),
);
