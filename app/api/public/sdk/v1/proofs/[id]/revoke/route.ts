// POST /api/public/sdk/v1/proofs/{id}/revoke: withdraw a proof letter from the public check.
import { sdkRoute } from "@/lib/http/sdk-route";
import { revokeProof } from "@/lib/proofs/revoke-proof";
import { proofPathSchema } from "@/lib/schemas/proof";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const POST = sdkRoute(
  { scope: "proofs:write", params: proofPathSchema },
  async ({ request, tenant, params, db }) => ({
    body: await revokeProof(db, tenant, params.id, { baseUrl: publicBaseUrl(request.headers, request.url) }),
  }),
);
