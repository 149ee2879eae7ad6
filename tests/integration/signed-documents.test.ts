// Signed statements and proof letters (docs/decisions/signed-documents.md): each verifies with jose
// against the JWKS served over HTTP by the real route handler; a tampered payload, header or
// signature and an unknown kid each fail with their reason; a rotation keeps old documents verifiable;
// the revocation check answers what a signature cannot.
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { compactVerify, createRemoteJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { runCli } from "@/lib/cli/run-cli";
import { applyMigrations } from "@/lib/db/migrations";
import { adminQuery, quoteIdent, withDatabase } from "@/lib/db/sql";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { randomBase62 } from "@/lib/ids";
import { documentFromUrl, verifyDocument, type SignedDocument } from "@/lib/client/verify-document";
import { prisma, transaction } from "@/lib/db/client";
import { ensureSigningKey, rotateSigningKey } from "@/lib/documents/signing-keys";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

type RouteModule = { GET: (request: Request) => Promise<Response> };

let server: Server;
let jwksUrl: URL;

beforeAll(async () => {
  // The real /.well-known/jwks.json route module, over node:http as Next.js runs it.
  const route = (await import("@/app/.well-known/jwks.json/route")) as RouteModule;
  server = createServer((req, res) => {
    void route
      .GET(
        new Request(`http://127.0.0.1${req.url ?? "/"}`, { headers: { "x-service-client-address": "203.0.113.70" } }),
      )
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  jwksUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function fetchJwks(): Promise<JSONWebKeySet> {
  const response = await fetch(jwksUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=60");
  return (await response.json()) as JSONWebKeySet;
}

async function fundedWallet(key: string) {
  const externalUserId = uniqueUserId();
  await api.createWallet(key, { externalUserId, currency: "USD", email: "ada@example.com", name: "Ada Obi" });
  await api.fund(key, externalUserId, { amount: 125.5 });
  return externalUserId;
}

const today = () => new Date().toISOString().slice(0, 10);

async function issueStatement(key: string, externalUserId: string) {
  const res = await testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/statements", {
    params: { path: { externalUserId } },
    body: { periodStart: today(), periodEnd: today() },
  });
  expect(res.response.status).toBe(201);
  return res.data!;
}

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const fromB64url = (part: string) =>
  JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;

describe("signed documents", () => {
  it("a statement's document verifies with jose against the JWKS served over HTTP, and says what the statement says", async () => {
    const { key } = await setupApp();
    const externalUserId = await fundedWallet(key);
    const statement = await issueStatement(key, externalUserId);

    expect(documentFromUrl(statement.verifyUrl)).toBe(statement.document);
    const { payload, protectedHeader } = await compactVerify(statement.document, createRemoteJWKSet(jwksUrl), {
      algorithms: ["EdDSA"],
    });
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", typ: "statement+jws" });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
      iss: "http://localhost",
      id: statement.id,
      kind: "statement",
      holder_name: "Ada Obi",
      account_number: expect.stringMatching(/^\d{10}$/),
      period_start: today(),
      period_end: today(),
      currency: "USD",
      opening_balance: 0,
      closing_balance: 125.5,
      issued_at: statement.issuedAt,
      expires_at: statement.expiresAt,
      livemode: false,
    });
    const stored = await prisma().statement.findUniqueOrThrow({ where: { id: statement.id } });
    expect(stored.signingKid).toBe(protectedHeader.kid);

    const checked = await verifyDocument(statement.document, await fetchJwks(), { expectedIssuer: "http://localhost" });
    expect(checked).toMatchObject({ valid: true, kid: protectedHeader.kid, document: { id: statement.id } });
  });

  it("a funds letter's document carries the amount, the reference and the account", async () => {
    const { key } = await setupApp();
    const externalUserId = await fundedWallet(key);
    const res = await testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/proofs", {
      params: { path: { externalUserId } },
      body: { kind: "funds" },
    });
    expect(res.response.status).toBe(201);
    const letter = res.data!;
    const checked = await verifyDocument(letter.document, await fetchJwks());
    expect(checked.valid).toBe(true);
    if (!checked.valid) return;
    expect(checked.document).toMatchObject({
      kind: "proof-of-funds",
      id: letter.id,
      reference: letter.reference,
      account_number: letter.accountNumber,
      amount: 125.5,
      currency: "USD",
    });
    expect(decodeProtectedHeader(letter.document).typ).toBe("proof-of-funds+jws");
  });

  it("refuses a tampered payload, header or signature, an unknown kid and garbage, each with its reason", async () => {
    const { key } = await setupApp();
    const statement = await issueStatement(key, await fundedWallet(key));
    const jwks = await fetchJwks();
    const [header, payload, signature] = statement.document.split(".") as [string, string, string];

    const richer = b64url(JSON.stringify({ ...fromB64url(payload), closing_balance: 1_000_000 }));
    const otherType = b64url(JSON.stringify({ ...fromB64url(header), typ: "proof-of-funds+jws" }));
    const otherKid = b64url(JSON.stringify({ ...fromB64url(header), kid: "not-a-key-we-publish" }));
    const noneAlg = b64url(JSON.stringify({ ...fromB64url(header), alg: "none" }));
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const cases: [string, string, string][] = [
      [`${header}.${richer}.${signature}`, "bad_signature", "altered after signing"],
      [`${otherType}.${payload}.${signature}`, "bad_signature", "altered after signing"],
      [`${header}.${payload}.${flipped}`, "bad_signature", "altered after signing"],
      [`${otherKid}.${payload}.${signature}`, "unknown_kid", "does not publish"],
      [`${noneAlg}.${payload}.${signature}`, "malformed", "EdDSA"],
      ["not a document", "malformed", "three base64url parts"],
      [`${header}.${payload}`, "malformed", "three base64url parts"],
      [`e30.${payload}.${signature}`, "malformed", ""],
    ];
    for (const [jws, reasonCode, words] of cases) {
      const result = await verifyDocument(jws, jwks);
      expect(result, jws.slice(0, 40)).toMatchObject({ valid: false, reasonCode });
      if (!result.valid) expect(result.reason).toContain(words);
      // jose itself refuses each one too.
      await expect(compactVerify(jws, createRemoteJWKSet(jwksUrl), { algorithms: ["EdDSA"] })).rejects.toThrow();
    }
    // A genuine document from another issuer, and one past its expiry, are refused with the content shown.
    const elsewhere = await verifyDocument(statement.document, jwks, { expectedIssuer: "https://bank.example" });
    expect(elsewhere).toMatchObject({ valid: false, reasonCode: "wrong_issuer", document: { id: statement.id } });
    const later = await verifyDocument(statement.document, jwks, { now: new Date(Date.now() + 91 * 86_400_000) });
    expect(later).toMatchObject({ valid: false, reasonCode: "expired", document: { id: statement.id } });
  });

  it("keeps documents signed before a rotation verifiable, publishing the retired key beside the new one", async () => {
    const { key } = await setupApp();
    const externalUserId = await fundedWallet(key);
    const before = await issueStatement(key, externalUserId);
    const oldKid = decodeProtectedHeader(before.document).kid!;

    const rotated = await transaction((tx) => rotateSigningKey(tx));
    expect(rotated.current).not.toBe(oldKid);
    const after = await issueStatement(key, externalUserId);
    expect(decodeProtectedHeader(after.document).kid).toBe(rotated.current);

    const jwks = await fetchJwks();
    expect(jwks.keys[0]!.kid).toBe(rotated.current);
    expect(jwks.keys.map((k) => k.kid)).toContain(oldKid);
    for (const document of [before.document, after.document]) {
      await expect(
        compactVerify(document, createRemoteJWKSet(jwksUrl), { algorithms: ["EdDSA"] }),
      ).resolves.toBeTruthy();
      expect((await verifyDocument(document, jwks)).valid).toBe(true);
    }
  });

  it("concurrent first starts and rotations leave exactly one current key", async () => {
    const kids = await Promise.all(Array.from({ length: 6 }, () => ensureSigningKey(prisma())));
    expect(new Set(kids).size).toBe(1);
    const rotations = await Promise.allSettled(
      Array.from({ length: 4 }, () => transaction((tx) => rotateSigningKey(tx))),
    );
    expect(rotations.some((r) => r.status === "fulfilled")).toBe(true);
    expect(await prisma().documentSigningKey.count({ where: { current: true } })).toBe(1);
  });

  it("answers whether a document was revoked, for any id, without a key", async () => {
    const { key } = await setupApp();
    const statement = await issueStatement(key, await fundedWallet(key));
    const status = (id: string) => testClient().GET("/api/public/verify/document", { params: { query: { id } } });
    expect((await status(statement.id)).data).toEqual({
      id: statement.id,
      status: "current",
      revoked_at: null,
      expires_at: statement.expiresAt,
    });
    await testClient(key).POST("/api/public/sdk/v1/statements/{id}/revoke", { params: { path: { id: statement.id } } });
    expect((await status(statement.id)).data).toMatchObject({ status: "revoked", revoked_at: expect.any(String) });
    for (const id of ["stmt_000000000000000000000000", "nonsense", "", "prf_" + "x".repeat(500)]) {
      const res = await status(id);
      expect(res.response.status).toBe(200);
      expect(res.data).toMatchObject({ status: "not_found" });
    }
    // The signature still verifies: only this check can say the issuer withdrew it.
    const signed: SignedDocument | undefined = (await verifyDocument(statement.document, await fetchJwks())).document;
    expect(signed?.id).toBe(statement.id);
  });

  it("makes exactly one key when several processes start at once on a database without one", async () => {
    const serverUrl = process.env.DATABASE_URL ?? "";
    const scratch = `documents_${randomBase62(8).toLowerCase()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(scratch)}`);
    const url = withDatabase(serverUrl, scratch);
    // One client (and pool) per "process", as separate servers would have.
    const processes = Array.from(
      { length: 4 },
      () => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) }),
    );
    try {
      await applyMigrations(url);
      const kids = await Promise.all(processes.map((db) => ensureSigningKey(db)));
      expect(new Set(kids).size).toBe(1);
      expect(await processes[0]!.documentSigningKey.count()).toBe(1);
    } finally {
      await Promise.all(processes.map((db) => db.$disconnect()));
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(scratch)} WITH (FORCE)`);
    }
  }, 120_000);

  // Last: runCli closes the shared database client when it is done (prisma() opens a new one after).
  it("the CLI verifies a document offline against a saved JWKS, refuses a tampered one with exit 1, and rotates keys", async () => {
    const { key } = await setupApp();
    const statement = await issueStatement(key, await fundedWallet(key));
    const dir = await mkdtemp(path.join(os.tmpdir(), "documents-cli-"));
    const jwksFile = path.join(dir, "jwks.json");
    await writeFile(jwksFile, JSON.stringify(await fetchJwks()));
    const linkFile = path.join(dir, "link.txt");
    await writeFile(linkFile, statement.verifyUrl);

    async function cli(...argv: string[]) {
      let stdout = "";
      const spy = vi
        .spyOn(console, "log")
        .mockImplementation((...args: unknown[]) => void (stdout += `${args.join(" ")}\n`));
      const previous = process.exitCode;
      try {
        const code = await runCli(argv, "npm run cli --");
        return { code: code !== 0 ? code : (process.exitCode ?? 0), stdout };
      } finally {
        spy.mockRestore();
        process.exitCode = previous;
      }
    }

    const fromFile = await cli("verify", linkFile, "--jwks", jwksFile, "--json");
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ valid: true, document: { id: statement.id } });
    const [header, payload, signature] = statement.document.split(".") as [string, string, string];
    const tampered = `${header}.${b64url(JSON.stringify({ ...fromB64url(payload), holder_name: "Eve" }))}.${signature}`;
    const refused = await cli("verify", tampered, "--jwks", jwksFile);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("Not valid (bad_signature)");

    const rotated = await cli("signing-keys", "rotate", "--json");
    expect(rotated.code).toBe(0);
    const kids = JSON.parse(rotated.stdout) as { retired: string; current: string };
    // Against the installation's own keys (no --jwks): still valid after the rotation.
    const againstDatabase = await cli("verify", statement.document, "--json");
    expect(againstDatabase.code).toBe(0);
    expect((await prisma().documentSigningKey.findFirstOrThrow({ where: { current: true } })).kid).toBe(kids.current);
  });
});
