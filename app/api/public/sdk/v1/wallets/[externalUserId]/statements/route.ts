// POST /api/public/sdk/v1/wallets/{externalUserId}/statements: issue a statement with a verification token.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createStatementOperation } from "@/lib/operations";
import { createStatement } from "@/lib/statements/create-statement";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createStatementOperation, async ({ request, tenant, params, body, db }) => ({
    body: await createStatement(db, tenant, params.externalUserId, body, {
      baseUrl: publicBaseUrl(request.headers, request.url),
    }),
  })),
);
