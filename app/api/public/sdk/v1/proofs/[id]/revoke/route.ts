// POST /api/public/sdk/v1/proofs/{id}/revoke: withdraw a proof letter from the public check.
import type { RouteContext } from "@/lib/http/route-input";
import { sdkRoute } from "@/lib/http/sdk-route";
import { revokeProof } from "@/lib/proofs/revoke-proof";
import { proofPathSchema } from "@/lib/schemas/proof";
import { publicBaseUrl } from "@/lib/statements/public-links";

export function POST(request: Request, context?: RouteContext): Promise<Response> {
  const baseUrl = publicBaseUrl({
    url: request.url,
    host: request.headers.get("host"),
    forwardedProto: request.headers.get("x-forwarded-proto"),
  });
  return sdkRoute({ scope: "proofs:write", params: proofPathSchema }, async ({ tenant, params, db }) => ({
    body: await revokeProof(db, tenant, params.id, { baseUrl }),
  }))(request, context);
}
