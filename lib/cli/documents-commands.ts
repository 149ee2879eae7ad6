// `cli signing-keys rotate` and `cli verify <jws or file> [--jwks file]`: the document signing keys
// (lib/documents) from the command line, and an offline check of a signed statement or letter with
// the same verifier as the /verify page and the client (lib/client/verify-document.ts).
import { existsSync, readFileSync } from "node:fs";
import { Argument, Option, type Command } from "commander";
import type { JSONWebKeySet } from "jose";
import { documentFromUrl, verifyDocument } from "@/lib/client/verify-document";
import { prisma, transaction } from "@/lib/db/client";
import { publishedKeys, rotateSigningKey } from "@/lib/documents/signing-keys";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { jsonOption } from "./options";

export const signingKeysRotateCommand: CliCommand<{ json?: boolean }> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("make a new document signing key current")
        .description(
          "Retires the key that signs statements and proof letters and makes a new Ed25519 key current. " +
            "Documents signed before keep verifying: the retired key stays in /.well-known/jwks.json while any " +
            "document signed with it has not expired.",
        )
        .addOption(jsonOption("print the retired and the new kid as one JSON line")),
      ["signing-keys rotate"],
    ),

  async run(options) {
    const result = await transaction((tx) => rotateSigningKey(tx));
    if (options.json) {
      console.log(JSON.stringify(result));
      return;
    }
    console.log(`New signing key ${result.current}.`);
    if (result.retired)
      console.log(`Retired ${result.retired}; it stays published while documents it signed are unexpired.`);
  },
};

export type VerifyOptions = { jwks?: string; issuer?: string; json?: boolean };

/** The JWS itself, a verify URL carrying it in its fragment, or a file holding either. */
function readDocument(input: string): string {
  const text = existsSync(input) ? readFileSync(input, "utf8").trim() : input.trim();
  return documentFromUrl(text) ?? text;
}

function readJwks(file: string): JSONWebKeySet {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || !("keys" in parsed) || !Array.isArray(parsed.keys)) {
    throw new Error(`${file} is not a JWKS: expected {"keys": [...]}, as /.well-known/jwks.json serves it.`);
  }
  return { keys: parsed.keys };
}

export const verifyCommand: CliCommand<VerifyOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("check a signed statement or letter offline")
        .description(
          "Verifies a document's signature (a JWS, a verify URL with #document=, or a file holding either) " +
            "against a saved JWKS (--jwks), or against the keys this installation publishes, read from its " +
            "database. Never contacts a server, so it cannot tell whether the issuer revoked the document: " +
            "/verify and GET /api/public/verify/document?id= can. Exits 1 when the document is not valid.",
        )
        .addArgument(new Argument("<document>", "the JWS, a verify URL, or a file holding either"))
        .addOption(new Option("--jwks <file>", "a saved copy of /.well-known/jwks.json"))
        .addOption(new Option("--issuer <url>", "refuse a document issued by another base URL"))
        .addOption(jsonOption("print the result as one JSON line")),
      ["verify statement.jws --jwks jwks.json", "verify 'https://wallet.example/verify?token=…#document=eyJ…'"],
    ),

  async run(options, [input]) {
    if (!input) throw new Error("Name the document to verify: verify <jws or file>");
    const jwks = options.jwks ? readJwks(options.jwks) : await publishedKeys(prisma());
    const result = await verifyDocument(readDocument(input), jwks, { expectedIssuer: options.issuer });
    if (!result.valid) process.exitCode = 1;
    if (options.json) {
      console.log(JSON.stringify(result));
      return;
    }
    if (result.valid) console.log(`Valid: signed by key ${result.kid}.`);
    else console.log(`Not valid (${result.reasonCode}): ${result.reason}`);
    if (result.document) {
      for (const [field, value] of Object.entries(result.document)) {
        console.log(`  ${field}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`);
      }
    }
  },
};
