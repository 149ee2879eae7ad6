// The OpenAPI document describes the events, deliveries and endpoints routes and, under `webhooks`, every event kind
// and the authorization decision request (a callback signed like them).
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { openApiDocument } from "@/lib/openapi/document";
import { EVENT_CATALOG } from "@/lib/schemas/event-catalog";

describe("OpenAPI webhooks", () => {
  it("documents every event kind and the decision request, the delivery and endpoint routes, endpoint health and the replay limit, and stays a valid 3.1 document", async () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument()));
    // Every kind of the catalog, and the decision request beside them.
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, "card.authorization.request"].sort());
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(["card.expired", "wallet.closed", "webhook_secret.rotated"]));
    for (const kind of EVENT_TYPES) {
      const envelope = doc.webhooks[kind].post.requestBody.content["application/json"].schema.$ref.split("/").at(-1);
      expect(doc.components.schemas[envelope].properties.event.const, kind).toBe(kind);
      expect(doc.components.schemas[envelope].example.data, kind).toEqual(EVENT_CATALOG[kind].example.data);
    }
    expect(doc.components.schemas.WebhookSecretRotatedEvent.properties.data.$ref).toBe(
      "#/components/schemas/WebhookSecretRotated",
    );
    const captured = doc.webhooks["card.captured"].post;
    expect(captured.parameters.map((p: { name: string }) => p.name)).toContain("x-service-signature");
    expect(captured.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/CardCapturedEvent");
    expect(doc.components.schemas.CardCapturedEvent.properties.data.$ref).toBe("#/components/schemas/Authorization");
    expect(doc.components.schemas.WalletProvisionedEvent.properties.data.$ref).toBe("#/components/schemas/Wallet");
    for (const path of [
      "/api/public/sdk/v1/events",
      "/api/public/sdk/v1/events/{id}",
      "/api/public/sdk/v1/webhooks/deliveries",
      "/api/public/sdk/v1/webhooks/deliveries/{id}",
      "/api/public/sdk/v1/webhooks/endpoints",
      "/api/public/sdk/v1/webhooks/endpoints/{id}",
    ]) {
      expect(doc.paths[path].get, path).toBeDefined();
    }
    const state = doc.components.schemas.WebhookEndpointHealth.properties.state;
    expect(state.enum).toEqual(["healthy", "failing", "backing_off", "disabled"]);
    for (const rule of [
      "5 consecutive failures",
      "30 s to 1 h",
      "none is lost",
      "3 days",
      "resumes its pending deliveries",
    ]) {
      expect(state.description, rule).toContain(rule);
    }
    expect(doc.paths["/api/public/sdk/v1/webhooks/endpoints/{id}"].get.responses["404"].description).toContain(
      "endpoint_not_found",
    );
    const replay = doc.paths["/api/public/sdk/v1/webhooks/deliveries/{id}/replay"].post;
    expect(replay.responses["202"]).toBeDefined();
    expect(replay.responses["429"].description).toContain("replay_limited");
    await expect(SwaggerParser.validate(doc)).resolves.toBeTruthy();
  });
});
