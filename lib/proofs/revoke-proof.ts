// Revokes a proof letter so the public check no longer reports it; revoking again changes nothing.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { ProofRecord } from "@/lib/schemas/proof";
import type { Tenant } from "@/lib/tenant";
import { proofRecord } from "./proof-record";

export async function revokeProof(
  tx: Db,
  tenant: Tenant,
  proofId: string,
  options: { baseUrl: string; now?: Date },
): Promise<ProofRecord> {
  const proof = await tx.proof.findFirst({
    where: { id: proofId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: { wallet: { select: { externalUserId: true, accountNumber: true } } },
  });
  if (!proof) throw new DomainError("proof_not_found", `No proof letter ${proofId} exists.`, { param: "id" });
  if (proof.revokedAt) return proofRecord(proof, proof.wallet, options.baseUrl);
  const revoked = await tx.proof.update({ where: { id: proof.id }, data: { revokedAt: options.now ?? new Date() } });
  return proofRecord(revoked, proof.wallet, options.baseUrl);
}
