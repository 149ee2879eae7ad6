// POST /api/public/sdk/v1/cards/{id}/details-sessions: a one-time link showing a card's details to its holder.
import { createDetailsSession } from "@/lib/cards/create-details-session";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createCardDetailsSessionOperation } from "@/lib/operations";
import { publicBaseUrl } from "@/lib/statements/public-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createCardDetailsSessionOperation, async ({ request, tenant, params, body, db }) => ({
    body: await createDetailsSession(db, tenant, params.id, body, {
      baseUrl: publicBaseUrl(request.headers, request.url),
    }),
  })),
);
