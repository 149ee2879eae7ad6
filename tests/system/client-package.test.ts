// The client as another application gets it: `npm run client:pack`'s tarball installed into a
// project outside the repository, then used from plain `node` (no tsx, no path aliases) against the
// service over real HTTP, type-checked by tsc, and verifying a webhook the service signed.
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { EXAMPLE_STATEMENT_DOCUMENT, jwksSchema } from "@/lib/schemas/document";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { createRouteFetch } from "../helpers/route-fetch";
import { nextStreamSequence } from "../helpers/stream-sequence";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const TSC = path.join(ROOT, "node_modules", ".bin", "tsc");

/** The environment of a process outside the repo: no test runner, no loaders, no repo package; npm's own config (registry, cache) stays. */
function outsideEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(NODE_OPTIONS|NODE_ENV|VITEST.*|npm_package_.*|npm_lifecycle_.*|npm_config_local_prefix)$/.test(name))
      delete env[name];
  }
  return env;
}

/** The route handlers under app/api/public behind a real socket, as scripts/serve.ts puts Next.js behind one. */
function serveApi(): Promise<{ server: Server; baseUrl: string }> {
  const answer = createRouteFetch();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      try {
        const response = await answer(
          new Request(`http://${req.headers.host}${req.url}`, {
            method: req.method,
            headers,
            body: hasBody ? Buffer.concat(chunks) : undefined,
          }),
        );
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        console.error(error);
        res.writeHead(500).end("route handler threw");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}` });
    }),
  );
}

describe("the packed @wallet-card/client, installed outside the repository", () => {
  let tmp: string;
  let project: string;
  let api: { server: Server; baseUrl: string };

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "client-package-"));
    // The root script the README names: builds packages/client and packs it, here into tmp.
    await run("npm", ["run", "--silent", "client:pack", "--", "--pack-destination", tmp], {
      cwd: ROOT,
      timeout: 90_000,
    });
    const tarball = (await readdir(tmp)).find((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm run client:pack left no tarball in ${tmp}`);

    project = path.join(tmp, "integrator-app");
    await mkdir(project);
    await writeFile(
      path.join(project, "package.json"),
      JSON.stringify({ name: "integrator-app", private: true, type: "module" }),
    );
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(tmp, tarball)], {
      cwd: project,
      env: outsideEnv(),
      timeout: 90_000,
    });
    api = await serveApi();
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => (api ? api.server.close(resolve) : resolve(undefined)));
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** Runs a script in the installed project with plain node; its last stdout line is JSON. */
  async function runScript(name: string, source: string, args: string[]): Promise<unknown> {
    await writeFile(path.join(project, name), source);
    const { stdout } = await run(process.execPath, [name, ...args], {
      cwd: project,
      env: outsideEnv(),
      timeout: 30_000,
    });
    return JSON.parse(stdout.trim().split("\n").pop() ?? "null");
  }

  it("creates a wallet and reads it back from a plain node script, a fresh Idempotency-Key on the write", async () => {
    const { appId, key } = await setupApp();
    const userId = uniqueUserId("pkg");
    const result = await runScript(
      "wallet.mjs",
      `import { createServiceClient } from "@wallet-card/client";
const [baseUrl, apiKey, externalUserId] = process.argv.slice(2);
const client = createServiceClient({ baseUrl, apiKey });
const created = await client.POST("/api/public/sdk/v1/wallets", {
  body: { externalUserId, currency: "USD", email: "ada@example.com", name: "Ada Obi" },
});
const read = await client.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
  params: { path: { externalUserId } },
});
const missing = await client.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
  params: { path: { externalUserId: externalUserId + "_none" } },
});
console.log(JSON.stringify({
  created: { status: created.response.status, data: created.data },
  read: { status: read.response.status, data: read.data },
  missing: { status: missing.response.status, error: missing.error },
}));
`,
      [api.baseUrl, key, userId],
    );
    const { created, read, missing } = result as {
      created: { status: number; data: { externalUserId: string; accountNumber: string } };
      read: { status: number; data: { externalUserId: string; accountNumber: string } };
      missing: { status: number; error: { error: { code: string } } };
    };
    expect(created.status).toBe(201);
    expect(created.data.externalUserId).toBe(userId);
    expect(read.status).toBe(200);
    expect(read.data.accountNumber).toBe(created.data.accountNumber);
    expect(missing.status).toBe(404);
    expect(missing.error.error.code).toBe("wallet_not_found");

    // The write reached this service's database under a key the packaged client generated.
    const wallet = await prisma().wallet.findFirst({ where: { applicationId: appId, externalUserId: userId } });
    expect(wallet?.accountNumber).toBe(created.data.accountNumber);
    const stored = await prisma().idempotencyRecord.findMany({ where: { applicationId: appId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("ships declarations that type an integrator's calls (tsc --noEmit, no skipLibCheck)", async () => {
    await writeFile(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2023", "DOM"],
          types: [],
        },
        files: ["check.ts"],
      }),
    );
    await writeFile(
      path.join(project, "check.ts"),
      `import { createServiceClient, type ErrorEnvelope, type Schemas } from "@wallet-card/client";
import { SIGNATURE_HEADER, verifySignature, verifyWebhookRequest, type WebhookEnvelope } from "@wallet-card/client/webhooks";

const client = createServiceClient({ baseUrl: "http://localhost:3000", apiKey: "sk_test_x" });

export async function provision(): Promise<string> {
  const { data, error } = await client.POST("/api/public/sdk/v1/wallets", {
    body: { externalUserId: "user_42", currency: "USD", email: "ada@example.com" },
  });
  if (error) {
    const envelope: ErrorEnvelope = error;
    throw new Error(envelope.error.code);
  }
  const accountNumber: string = data.accountNumber;
  const schema: keyof Schemas = "Error";
  // @ts-expect-error the body needs an email
  await client.POST("/api/public/sdk/v1/wallets", { body: { externalUserId: "u", currency: "USD" } });
  // @ts-expect-error no such path
  await client.GET("/api/public/sdk/v1/no-such-path");
  return schema + " " + accountNumber;
}

export async function receive(request: Request): Promise<Response> {
  const result: WebhookEnvelope | Response = await verifyWebhookRequest(request, "whsec_x");
  if (result instanceof Response) return result;
  const ok: boolean = verifySignature("{}", request.headers.get(SIGNATURE_HEADER), "whsec_x");
  return Response.json({ id: result.id, ok });
}
`,
    );
    const typecheck = await run(TSC, ["-p", "tsconfig.json"], { cwd: project, env: outsideEnv(), timeout: 60_000 })
      .then(() => "")
      .catch((error: { stdout?: string; message: string }) => error.stdout || error.message);
    expect(typecheck).toBe("");
  });

  it("accepts a webhook the service signed and refuses it tampered with or under another secret", async () => {
    const { appId, webhookSecret } = await setupApp();
    const event = await prisma().event.create({
      data: {
        id: `evt_pkg_${Date.now()}`,
        applicationId: appId,
        livemode: false,
        type: "wallet.provisioned",
        data: { externalUserId: "user_42", currency: "USD" },
        sequence: nextStreamSequence(),
      },
    });
    // The service's own signing, exactly as the webhook worker sends a delivery.
    const { body, headers } = signedRequest(buildEnvelope(event, new Date()), "dlv_pkg", { current: webhookSecret });
    await writeFile(path.join(project, "delivery.json"), JSON.stringify({ body, headers, secret: webhookSecret }));

    const result = await runScript(
      "receive.mjs",
      `import { readFileSync } from "node:fs";
import { verifySignature, verifyWebhookRequest } from "@wallet-card/client/webhooks";
const { body, headers, secret } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const post = (raw) => new Request("http://localhost:4000/api/webhooks", { method: "POST", headers, body: raw });
const outcome = async (raw, key) => {
  const result = await verifyWebhookRequest(post(raw), key);
  return result instanceof Response ? result.status : { id: result.id, event: result.event };
};
console.log(JSON.stringify({
  genuine: await outcome(body, secret),
  tampered: await outcome(body.replace("user_42", "user_43"), secret),
  otherSecret: await outcome(body, secret + "x"),
  signatureOnly: verifySignature(body, headers["x-service-signature"], secret),
}));
`,
      ["delivery.json"],
    );
    expect(result).toEqual({
      genuine: { id: event.id, event: "wallet.provisioned" },
      tampered: 401,
      otherSecret: 401,
      signatureOnly: true,
    });
  });

  it("verifies a signed statement with @wallet-card/client/documents and refuses it altered", async () => {
    await writeFile(
      path.join(project, "document.json"),
      JSON.stringify({ jws: EXAMPLE_STATEMENT_DOCUMENT, jwks: jwksSchema.meta()?.example }),
    );
    const result = await runScript(
      "document.mjs",
      `import { readFileSync } from "node:fs";
import { verifyDocument } from "@wallet-card/client/documents";
const { jws, jwks } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const [h, p, s] = jws.split(".");
const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url")), closing_balance: 1e6 })).toString("base64url");
const genuine = await verifyDocument(jws, jwks, { now: new Date("2026-12-01T00:00:00Z") });
const tampered = await verifyDocument([h, altered, s].join("."), jwks);
console.log(JSON.stringify({ genuine: [genuine.valid, genuine.document?.id], tampered: [tampered.valid, tampered.reasonCode] }));
`,
      ["document.json"],
    );
    expect(result).toEqual({
      genuine: [true, "stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl"],
      tampered: [false, "bad_signature"],
    });
  });
});
