// The operator commands and their options; each runs one domain operation and prints its result.
import type { ParseArgsConfig } from "node:util";
import { prisma } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/create-api-key";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { SCOPES } from "@/lib/keys/scopes";
import { addWebhookEndpoint, disableWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { bootstrap } from "./bootstrap";
import { eventsTailCommand } from "./events-tail-command";
import { fundWalletCommand } from "./fund-wallet-command";
import { modeOption, requireApplication, required, type Values } from "./option-values";
import { triggerCommand } from "./trigger-command";

export type Command = {
  summary: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run(values: Values, positionals: string[]): Promise<void>;
};

const list = (v: string | boolean | undefined) =>
  typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export const COMMANDS: Record<string, Command> = {
  "wallets fund": fundWalletCommand,
  trigger: triggerCommand,
  "events tail": eventsTailCommand,
  bootstrap: {
    summary:
      "bootstrap [--webhook-url URL] [--email E] [--app-name N] [--json]   merchant, application, test key (all scopes), optional webhook endpoint",
    options: {
      "webhook-url": { type: "string" },
      email: { type: "string" },
      "app-name": { type: "string" },
      json: { type: "boolean" },
    },
    async run(values) {
      const result = await bootstrap(prisma(), {
        email: (values.email as string | undefined) ?? "operator@localhost",
        appName: (values["app-name"] as string | undefined) ?? "Default application",
        webhookUrl: values["webhook-url"] as string | undefined,
      });
      if (values.json) {
        console.log(
          JSON.stringify({ appId: result.appId, testKey: result.testKey, webhookSecret: result.webhookSecret }),
        );
        return;
      }
      console.log(
        [
          `Merchant:        ${result.email} (${result.merchantId})`,
          `Application:     ${result.appId}${result.reused ? " (reused)" : ""}`,
          `Test key:        ${result.testKey}   (shown once; stored only as a hash)`,
          `Webhook secret:  ${result.webhookSecret}`,
          result.endpointId ? `Webhook endpoint: ${result.endpointId} -> ${values["webhook-url"]}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
      );
    },
  },
  "keys create": {
    summary: `keys create --app ID --mode test|live [--name N] [--scopes a,b] [--allow-ip CIDR,...] [--json]   scopes: ${SCOPES.join(",")}`,
    options: {
      app: { type: "string" },
      mode: { type: "string" },
      name: { type: "string" },
      scopes: { type: "string" },
      "allow-ip": { type: "string" },
      json: { type: "boolean" },
    },
    async run(values) {
      const mode = modeOption(values);
      const applicationId = required(values, "app");
      await requireApplication(applicationId);
      const { record, secret } = await createApiKey(prisma(), {
        applicationId,
        mode,
        name: (values.name as string | undefined) ?? `${mode} key`,
        scopes: list(values.scopes),
        allowedIps: list(values["allow-ip"]),
      });
      if (values.json) {
        console.log(
          JSON.stringify({ id: record.id, key: secret, scopes: record.scopes, allowedIps: record.allowedIps }),
        );
      } else {
        console.log(
          `Key ${record.id}: ${secret}\nScopes: ${record.scopes.join(", ") || "all"}\nAllowed addresses: ${record.allowedIps.join(", ") || "any"}`,
        );
      }
    },
  },
  "keys revoke": {
    summary: "keys revoke KEY_ID   revoke a key (it stops working at once)",
    options: {},
    async run(_values, positionals) {
      const id = positionals[0];
      if (!id) throw new Error("Usage: keys revoke KEY_ID");
      if (!(await revokeApiKey(prisma(), id))) throw new Error(`No active key ${id}`);
      console.log(`Revoked ${id}`);
    },
  },
  "keys list": {
    summary: "keys list --app ID   list keys (prefix and last 4 only)",
    options: { app: { type: "string" } },
    async run(values) {
      const keys = await prisma().apiKey.findMany({
        where: { applicationId: required(values, "app") },
        orderBy: { createdAt: "asc" },
      });
      for (const k of keys) {
        console.log(
          `${k.id}  ${k.prefix}…${k.last4}  ${k.livemode ? "live" : "test"}  ${k.revokedAt ? "revoked" : "active"}  scopes=${k.scopes.join(",") || "all"}  ips=${k.allowedIps.join(",") || "any"}`,
        );
      }
    },
  },
  "webhooks add": {
    summary:
      "webhooks add --app ID --url URL [--mode test|live] [--events a,b] [--json]   register an endpoint (no --events: every event)",
    options: {
      app: { type: "string" },
      url: { type: "string" },
      mode: { type: "string" },
      events: { type: "string" },
      json: { type: "boolean" },
    },
    async run(values) {
      const mode = modeOption(values, "test");
      const endpoint = await addWebhookEndpoint(prisma(), {
        applicationId: required(values, "app"),
        url: required(values, "url"),
        livemode: mode === "live",
        events: list(values.events),
      });
      if (values.json)
        console.log(JSON.stringify({ id: endpoint.id, url: endpoint.url, mode, events: endpoint.events }));
      else
        console.log(
          `Endpoint ${endpoint.id} (${mode}) -> ${endpoint.url}\nEvents: ${endpoint.events.join(", ") || "all"}`,
        );
    },
  },
  "webhooks list": {
    summary: "webhooks list --app ID   list an application's webhook endpoints",
    options: { app: { type: "string" } },
    async run(values) {
      for (const e of await listWebhookEndpoints(prisma(), required(values, "app"))) {
        console.log(
          `${e.id}  ${e.livemode ? "live" : "test"}  ${e.enabled ? "enabled" : "disabled"}  ${e.url}  events=${e.events.join(",") || "all"}`,
        );
      }
    },
  },
  "webhooks disable": {
    summary: "webhooks disable ENDPOINT_ID   stop sending to an endpoint",
    options: {},
    async run(_values, positionals) {
      const id = positionals[0];
      if (!id) throw new Error("Usage: webhooks disable ENDPOINT_ID");
      await disableWebhookEndpoint(prisma(), id);
      console.log(`Disabled ${id}`);
    },
  },
};

export function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.summary}`);
  return `Usage: npm run cli -- <command>\n\n${lines.join("\n")}`;
}
