// POST /api/public/sdk/v1/wallets/{externalUserId}/proofs: issue a proof-of-address or proof-of-funds letter.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createProofOperation } from "@/lib/operations";
import { issueProof } from "@/lib/proofs/issue-proof";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createProofOperation, async ({ request, tenant, params, body, db }) => ({
    body: await issueProof(db, tenant, params.externalUserId, body, {
      baseUrl: publicBaseUrl(request.headers, request.url),
    }),
  })),
);
