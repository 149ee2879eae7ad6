"use client";
// The form of /treasury/verify: reads the pasted proof, fetches the snapshot it names from the public
// API, and runs verifyLiabilityProof (lib/liabilities) here. Any fault — JSON that does not parse, a
// snapshot that does not exist, an unreachable API, a tampered path — is a "not valid" with its reason.
import { useState } from "react";
import { verifyLiabilityProof, type ProofVerdict } from "@/lib/liabilities/verify-liability-proof";
import { buttonClass, inputClass } from "@/app/_components/public-shell";
import { formatMinorUnits } from "@/lib/money/format";

type Check = { state: "none" } | { state: "checking" } | { state: "done"; verdict: ProofVerdict };

async function check(text: string): Promise<ProofVerdict> {
  let proof: unknown;
  try {
    proof = JSON.parse(text);
  } catch {
    return { valid: false, reason: "the text is not JSON: paste the proof exactly as you received it" };
  }
  const snapshot =
    typeof proof === "object" && proof !== null && "snapshot" in proof && typeof proof.snapshot === "string"
      ? proof.snapshot
      : undefined;
  if (!snapshot) return { valid: false, reason: "the proof names no snapshot" };
  let response: Response;
  try {
    response = await fetch(`/api/public/treasury/liabilities/${encodeURIComponent(snapshot)}`, {
      headers: { accept: "application/json" },
    });
  } catch {
    return { valid: false, reason: "the published snapshot could not be fetched (are you offline?)" };
  }
  if (response.status === 404) return { valid: false, reason: `no snapshot ${snapshot} is published` };
  if (!response.ok)
    return { valid: false, reason: `the published snapshot could not be fetched (HTTP ${response.status})` };
  return verifyLiabilityProof(proof, await response.json());
}

export function LiabilityProofCheck() {
  const [text, setText] = useState("");
  const [result, setResult] = useState<Check>({ state: "none" });
  return (
    <form
      className="mt-6 max-w-3xl"
      onSubmit={(event) => {
        event.preventDefault();
        setResult({ state: "checking" });
        void check(text).then((verdict) => setResult({ state: "done", verdict }));
      }}
    >
      <label htmlFor="proof" className="block text-sm font-medium text-slate-800">
        Inclusion proof (JSON)
      </label>
      <textarea
        id="proof"
        name="proof"
        rows={10}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass} mt-1 w-full font-mono text-xs`}
        placeholder='{"object":"liability_proof","snapshot":"lsnap_…","wallet":"wal_…","balance_minor":"…","salt":"…","path":[…]}'
      />
      <button type="submit" className={`${buttonClass} mt-3`} disabled={result.state === "checking"}>
        {result.state === "checking" ? "Checking…" : "Verify"}
      </button>
      <div aria-live="polite" className="mt-4">
        {result.state === "done" &&
          (result.verdict.valid ? (
            <section
              data-testid="verdict"
              data-verdict="valid"
              aria-label="Verdict"
              className="rounded-lg border-2 border-emerald-400 bg-emerald-50 p-4 text-emerald-950 sm:p-6"
            >
              <h2 className="text-xl font-semibold">✓ Valid: this balance is counted in our published liabilities</h2>
              <p className="mt-2 text-sm">
                Wallet <code>{result.verdict.wallet}</code> with{" "}
                <strong data-testid="proof-balance">
                  {formatMinorUnits(result.verdict.balance_minor, result.verdict.currency)}
                </strong>{" "}
                is counted in snapshot <code>{result.verdict.snapshot}</code> of {result.verdict.as_of}, whose{" "}
                {result.verdict.currency} total is{" "}
                <span data-testid="proof-total">
                  {formatMinorUnits(result.verdict.total_minor, result.verdict.currency)}
                </span>{" "}
                (root <code className="break-all">{result.verdict.root_hash}</code>).
              </p>
            </section>
          ) : (
            <section
              data-testid="verdict"
              data-verdict="invalid"
              aria-label="Verdict"
              className="rounded-lg border-2 border-red-400 bg-red-50 p-4 text-red-950 sm:p-6"
            >
              <h2 className="text-xl font-semibold">✗ Not valid: do not rely on this proof</h2>
              <p className="mt-2 text-sm">{result.verdict.reason}.</p>
              <p className="mt-2 text-sm">None of the proof&apos;s figures can be trusted, so none is shown.</p>
            </section>
          ))}
      </div>
    </form>
  );
}
