// Checks a signed statement or proof letter (a compact JWS, EdDSA over Ed25519) against the
// service's published keys, anywhere: the /verify page in a browser (WebCrypto), the CLI offline
// with a saved JWKS, a holder's own code through @wallet-card/client/documents. Depends on `jose`
// only. docs/decisions/signed-documents.md is the record of the format.
import { compactVerify, createLocalJWKSet, errors, type JSONWebKeySet } from "jose";

/** What a document says it is; its JWS header's `typ` is `<kind>+jws`. */
export const DOCUMENT_KINDS = ["statement", "proof-of-funds", "proof-of-address"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentAddress = {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country: string;
};

/** The signed payload: exactly what the document states, money in major units as the API gives it. */
export type SignedDocument = {
  /** The issuing service's base URL: where its keys are published (`<iss>/.well-known/jwks.json`). */
  iss: string;
  id: string;
  kind: DocumentKind;
  holder_name: string;
  account_number: string;
  issued_at: string;
  expires_at: string | null;
  livemode: boolean;
  /** Statements. */
  period_start?: string;
  period_end?: string;
  opening_balance?: number;
  closing_balance?: number;
  /** Statements and funds letters. */
  currency?: string;
  /** Letters. */
  reference?: string;
  /** Funds letters: the available balance at issue. */
  amount?: number;
  /** Address letters. */
  address?: DocumentAddress;
};

export type DocumentReasonCode =
  "malformed" | "unknown_kid" | "bad_signature" | "wrong_type" | "bad_payload" | "wrong_issuer" | "expired";

export type DocumentVerification =
  | { valid: true; kid: string; document: SignedDocument }
  | {
      valid: false;
      reason: string;
      reasonCode: DocumentReasonCode;
      /** Set when the signature is good but the document is not (expired, another issuer's). */
      document?: SignedDocument;
    };

export type VerifyDocumentOptions = {
  /** Refuse a document naming another issuer (the page passes its own origin). */
  expectedIssuer?: string;
  /** The time to judge expiry at; now by default. */
  now?: Date;
};

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Verifies `jws` against `jwks` (the object served at /.well-known/jwks.json). Never throws for a bad
 * document: every failure is `valid: false` with a reason a person can read.
 */
export async function verifyDocument(
  jws: string,
  jwks: JSONWebKeySet,
  options: VerifyDocumentOptions = {},
): Promise<DocumentVerification> {
  const token = jws.trim();
  if (!COMPACT_JWS.test(token)) {
    return refuse("malformed", "This is not a signed document: a compact JWS is three base64url parts joined by dots.");
  }
  let verified: Awaited<ReturnType<typeof compactVerify>>;
  try {
    // Only EdDSA: a document claiming another algorithm (none, HS256 with the public key…) is refused.
    verified = await compactVerify(token, createLocalJWKSet(jwks), { algorithms: ["EdDSA"] });
  } catch (error) {
    return refuseError(error);
  }
  const { protectedHeader, payload } = verified;
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return refuse("bad_payload", "The signature is good but the signed content is not JSON.");
  }
  if (!isSignedDocument(document)) {
    return refuse("bad_payload", "The signature is good but the signed content is not a statement or letter.");
  }
  if (protectedHeader.typ !== `${document.kind}+jws`) {
    return refuse(
      "wrong_type",
      `The header says ${String(protectedHeader.typ)} but the content is a ${document.kind}; the two must agree.`,
    );
  }
  if (options.expectedIssuer !== undefined && trimSlash(document.iss) !== trimSlash(options.expectedIssuer)) {
    return {
      ...refuse("wrong_issuer", `This document was issued by ${document.iss}, not by ${options.expectedIssuer}.`),
      document,
    };
  }
  const now = options.now ?? new Date();
  if (document.expires_at !== null && Date.parse(document.expires_at) <= now.getTime()) {
    return {
      ...refuse("expired", `The signature is good, but the document expired at ${document.expires_at}.`),
      document,
    };
  }
  return { valid: true, kid: String(protectedHeader.kid), document };
}

/** The JWS carried in a verify URL's fragment (`#document=<jws>`), or null when there is none. */
export function documentFromUrl(url: string): string | null {
  const hashAt = url.indexOf("#");
  if (hashAt < 0) return null;
  const fragment = new URLSearchParams(url.slice(hashAt + 1));
  return fragment.get("document");
}

function refuse(reasonCode: DocumentReasonCode, reason: string): DocumentVerification & { valid: false } {
  return { valid: false, reason, reasonCode };
}

function refuseError(error: unknown): DocumentVerification & { valid: false } {
  if (error instanceof errors.JWKSNoMatchingKey) {
    return refuse(
      "unknown_kid",
      "The document names a signing key (kid) the issuer does not publish: it was not signed by this service, or its key has been withdrawn.",
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return refuse("bad_signature", "The signature does not match the content: the document was altered after signing.");
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return refuse("malformed", "The document is not signed with EdDSA, the only algorithm documents use.");
  }
  if (error instanceof errors.JOSEError) {
    return refuse("malformed", `The document's header or encoding is not valid (${error.code}).`);
  }
  return refuse("malformed", "The document could not be read as a signed document.");
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

const isString = (value: unknown): value is string => typeof value === "string";
const isOptional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function isSignedDocument(value: unknown): value is SignedDocument {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v.iss) &&
    isString(v.id) &&
    (DOCUMENT_KINDS as readonly unknown[]).includes(v.kind) &&
    isString(v.holder_name) &&
    isString(v.account_number) &&
    isString(v.issued_at) &&
    (v.expires_at === null || (isString(v.expires_at) && !Number.isNaN(Date.parse(v.expires_at)))) &&
    typeof v.livemode === "boolean" &&
    isOptional(v.period_start, isString) &&
    isOptional(v.period_end, isString) &&
    isOptional(v.opening_balance, isNumber) &&
    isOptional(v.closing_balance, isNumber) &&
    isOptional(v.currency, isString) &&
    isOptional(v.reference, isString) &&
    isOptional(v.amount, isNumber) &&
    isOptional(v.address, (a) => typeof a === "object" && a !== null && !Array.isArray(a))
  );
}
