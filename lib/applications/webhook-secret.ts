// Webhook signing secrets: minted per application, sealed at rest, opened only to sign or to reveal.
import { randomBase62 } from "@/lib/ids";
import { seal, unseal } from "@/lib/crypto/secret-box";

export function mintWebhookSecret(): string {
  return `whsec_${randomBase62(40)}`;
}

export function sealWebhookSecret(secret: string): string {
  return seal(secret);
}

export function openWebhookSecret(sealed: string): string {
  return unseal(sealed);
}
