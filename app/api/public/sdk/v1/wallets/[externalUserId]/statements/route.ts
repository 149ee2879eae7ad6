// POST /api/public/sdk/v1/wallets/{externalUserId}/statements: issue a statement with a verification token.
import { sdkRoute } from "@/lib/http/sdk-route";
import { createStatementBodySchema } from "@/lib/schemas/statement";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { createStatement } from "@/lib/statements/create-statement";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const POST = sdkRoute(
  { scope: "statements:write", params: walletPathSchema, body: createStatementBodySchema },
  async ({ request, tenant, params, body, db }) => ({
    status: 201,
    body: await createStatement(db, tenant, params.externalUserId, body, {
      baseUrl: publicBaseUrl(request.headers, request.url),
    }),
  }),
);
