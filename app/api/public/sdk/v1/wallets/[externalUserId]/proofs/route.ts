// POST /api/public/sdk/v1/wallets/{externalUserId}/proofs: issue a proof-of-address or proof-of-funds letter.
import { sdkRoute } from "@/lib/http/sdk-route";
import { issueProof } from "@/lib/proofs/issue-proof";
import { createProofBodySchema } from "@/lib/schemas/proof";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const POST = sdkRoute(
  { scope: "proofs:write", params: walletPathSchema, body: createProofBodySchema },
  async ({ request, tenant, params, body, db }) => ({
    status: 201,
    body: await issueProof(db, tenant, params.externalUserId, body, {
      baseUrl: publicBaseUrl(request.headers, request.url),
    }),
  }),
);
