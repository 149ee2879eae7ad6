// The OpenAPI `webhooks` section: the five events the service sends, each as the signed request
// a receiver gets (envelope with the resource record as `data`, and the delivery headers).
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { authorizationSchema } from "@/lib/schemas/authorization";
import { cardSchema } from "@/lib/schemas/card";
import { walletSchema } from "@/lib/schemas/wallet";
import { webhookEnvelopeSchema } from "@/lib/schemas/webhook";
import { SCHEMA_VERSION } from "@/lib/version";
import { SIGNATURE_HEADER } from "@/lib/webhooks/verify";

const deliveryHeaders = z.object({
  "content-type": z.literal("application/json"),
  [SIGNATURE_HEADER]: z.string().meta({
    description:
      "Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch.",
    example: "5d41402abc4b2a76b9719d911017c592ae2f5e0b7f4b1d6e8c0a9b3f2e1d0c9b",
  }),
  "x-service-schema-version": z.literal(SCHEMA_VERSION),
  "x-service-event-id": z
    .string()
    .meta({ description: "The envelope's id; use it to drop duplicates.", example: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX" }),
  "x-service-delivery-id": z
    .string()
    .meta({ description: "The delivery (one per event and endpoint).", example: "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS" }),
});

const DELIVERY_RULES =
  "Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. " +
  "Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. " +
  "Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.";

function webhook(event: string, summary: string, data: z.ZodType, id: string): ZodOpenApiOperationObject {
  return {
    operationId: `webhook_${event.replace(".", "_")}`,
    summary,
    description: DELIVERY_RULES,
    tags: ["Webhooks"],
    security: [],
    requestParams: { header: deliveryHeaders },
    requestBody: {
      required: true,
      content: { "application/json": { schema: webhookEnvelopeSchema(event, data, id) } },
    },
    responses: {
      "200": { description: "Any 2xx acknowledges the event." },
      "401": { description: "The receiver found the signature wrong; the delivery is retried." },
    },
  };
}

export const webhookEvents: ZodOpenApiPathsObject = {
  "wallet.provisioned": {
    post: webhook("wallet.provisioned", "A wallet was issued", walletSchema, "WalletProvisionedEvent"),
  },
  "card.issued": { post: webhook("card.issued", "A card was issued", cardSchema, "CardIssuedEvent") },
  "card.authorized": {
    post: webhook(
      "card.authorized",
      "A card spend was authorized (a hold)",
      authorizationSchema,
      "CardAuthorizedEvent",
    ),
  },
  "card.captured": {
    post: webhook("card.captured", "A merchant captured an authorization", authorizationSchema, "CardCapturedEvent"),
  },
  "card.refunded": {
    post: webhook("card.refunded", "An authorization was refunded", authorizationSchema, "CardRefundedEvent"),
  },
};
