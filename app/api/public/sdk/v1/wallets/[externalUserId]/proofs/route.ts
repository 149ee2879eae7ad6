// POST /api/public/sdk/v1/wallets/{externalUserId}/proofs: issue a proof-of-address or proof-of-funds letter.
import type { RouteContext } from "@/lib/http/route-input";
import { sdkRoute } from "@/lib/http/sdk-route";
import { issueProof } from "@/lib/proofs/issue-proof";
import { createProofBodySchema } from "@/lib/schemas/proof";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { publicBaseUrl } from "@/lib/statements/public-links";

// The verify URL needs the request's origin (when PUBLIC_BASE_URL is unset), which handlers do not see.
export function POST(request: Request, context?: RouteContext): Promise<Response> {
  const baseUrl = publicBaseUrl({
    url: request.url,
    host: request.headers.get("host"),
    forwardedProto: request.headers.get("x-forwarded-proto"),
  });
  return sdkRoute(
    { scope: "proofs:write", params: walletPathSchema, body: createProofBodySchema },
    async ({ tenant, params, body, db }) => ({
      status: 201,
      body: await issueProof(db, tenant, params.externalUserId, body, { baseUrl }),
    }),
  )(request, context);
}
