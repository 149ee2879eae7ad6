// POST /api/public/sdk/v1/wallets/{externalUserId}/statements: issue a statement with a verification token.
import type { RouteContext } from "@/lib/http/route-input";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createStatementBodySchema } from "@/lib/schemas/statement";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { createStatement } from "@/lib/statements/create-statement";
import { publicBaseUrl } from "@/lib/statements/public-links";

// The verify URL needs the request's origin (when PUBLIC_BASE_URL is unset), which handlers do not see.
export function POST(request: Request, context?: RouteContext): Promise<Response> {
  const baseUrl = publicBaseUrl({
    url: request.url,
    host: request.headers.get("host"),
    forwardedProto: request.headers.get("x-forwarded-proto"),
  });
  return sdkRoute(
    { scope: "statements:write", params: walletPathSchema, body: createStatementBodySchema },
    async ({ tenant, params, body, db }) => ({
      status: 201,
      body: await createStatement(db, tenant, params.externalUserId, body, { baseUrl }),
    }),
  )(request, context);
}
