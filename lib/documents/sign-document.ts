// Signs what a statement or proof letter states as a compact JWS (EdDSA, the current key's kid,
// typ `<kind>+jws`), with `jose`. The payload shape is lib/client/verify-document.ts's SignedDocument,
// the one the /verify page, the CLI and the client check (docs/decisions/signed-documents.md).
import { CompactSign } from "jose";
import type { SignedDocument } from "@/lib/client/verify-document";
import type { SigningKey } from "./signing-keys";

export async function signDocument(key: SigningKey, document: SignedDocument): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(document)))
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ: `${document.kind}+jws` })
    .sign(key.privateKey);
}

/** The verify URL with the document in its fragment: browsers never send a fragment to a server. */
export function withDocumentFragment(verifyUrl: string, jws: string): string {
  return `${verifyUrl}#document=${jws}`;
}
