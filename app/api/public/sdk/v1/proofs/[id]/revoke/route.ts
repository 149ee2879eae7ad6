// POST /api/public/sdk/v1/proofs/{id}/revoke: withdraw a proof letter from the public check.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { revokeProofOperation } from "@/lib/operations";
import { revokeProof } from "@/lib/proofs/revoke-proof";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(revokeProofOperation, async ({ request, tenant, params, db }) => ({
    body: await revokeProof(db, tenant, params.id, { baseUrl: publicBaseUrl(request.headers, request.url) }),
  })),
);
