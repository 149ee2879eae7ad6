// /webhooks/security: how receivers verify webhook signatures, stay safe from replays, and the
// payload schema version history with a migration guide for every version change.
import type { Metadata } from "next";
import { PublicShell } from "../../_components/public-shell";

export const metadata: Metadata = { title: "Webhook security and versions" };

const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the exact bytes received (do not re-serialize parsed JSON).
export function verifySignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"), "utf8");
  const received = Buffer.from(header, "utf8");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

// In your handler: if (!verifySignature(body, req.headers["x-service-signature"], SIGNING_SECRET)) answer 401.`;

const PYTHON_EXAMPLE = `import hashlib, hmac

def verify_signature(raw_body: bytes, header: str | None, secret: str) -> bool:
    if not header:
        return False
    expected = hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(header, expected)  # constant time; unequal lengths fail`;

export default function WebhookSecurityPage() {
  return (
    <PublicShell>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Webhook security and schema versions</h1>

      <section aria-labelledby="verify" className="mt-8">
        <h2 id="verify" className="text-xl font-semibold">
          Verifying a delivery
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>Read the raw request body as bytes, before any JSON parsing.</li>
          <li>
            Compute the HMAC-SHA256 of those bytes with your application&apos;s webhook secret (shown in its profile at{" "}
            <a className="text-indigo-700 underline" href="/merchant/sdk">
              /merchant/sdk
            </a>
            ), as lowercase hex.
          </li>
          <li>
            Compare it with the <code className="rounded bg-slate-100 px-1">x-service-signature</code> header in
            constant time; the lengths must match.
          </li>
          <li>
            On a mismatch answer <strong>401</strong> and ignore the body. On success answer any 2xx within 10 seconds,
            then do the work.
          </li>
        </ol>
        <p className="mt-3 text-slate-700">
          Every delivery also carries <code className="rounded bg-slate-100 px-1">x-service-schema-version</code>,{" "}
          <code className="rounded bg-slate-100 px-1">x-service-event-id</code> and{" "}
          <code className="rounded bg-slate-100 px-1">x-service-delivery-id</code>.
        </p>
        <h3 className="mt-4 font-medium">Node.js</h3>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{NODE_EXAMPLE}</code>
        </pre>
        <h3 className="mt-4 font-medium">Python</h3>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{PYTHON_EXAMPLE}</code>
        </pre>
      </section>

      <section aria-labelledby="replay" className="mt-10">
        <h2 id="replay" className="text-xl font-semibold">
          Replay safety
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
          <li>
            The same event can arrive more than once: retries after a failure (backoff over about three days) and
            replays you request. Each event has one <code className="rounded bg-slate-100 px-1">id</code> (
            <code className="rounded bg-slate-100 px-1">evt_…</code>, also in{" "}
            <code className="rounded bg-slate-100 px-1">x-service-event-id</code>): record the ids you have processed
            and skip repeats.
          </li>
          <li>
            Each attempt is signed afresh and carries its own <code className="rounded bg-slate-100 px-1">sent_at</code>{" "}
            (ISO 8601 UTC). Reject deliveries whose <code className="rounded bg-slate-100 px-1">sent_at</code> is far
            from your clock (for example more than 5 minutes) to blunt captured-and-resent requests.
          </li>
          <li>
            Events can arrive out of order; <code className="rounded bg-slate-100 px-1">data</code> is the full record,
            so read its state rather than inferring it from the order.
          </li>
          <li>Replays are limited to 5 per hour per delivery and 20 per minute per merchant account.</li>
          <li>Keep the secret on your server only, never in a browser or mobile app.</li>
        </ul>
      </section>

      <section aria-labelledby="versions" className="mt-10">
        <h2 id="versions" className="text-xl font-semibold">
          Schema version history
        </h2>
        <p className="mt-3 text-slate-700">
          The payload schema version is in the envelope&apos;s{" "}
          <code className="rounded bg-slate-100 px-1">schema_version</code>, in the{" "}
          <code className="rounded bg-slate-100 px-1">x-service-schema-version</code> header of every delivery and of
          every API response. It is raised whenever a payload&apos;s shape changes, and each change gets a migration
          guide here.
        </p>
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Version
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Changes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th scope="row" className="px-4 py-2 text-left font-semibold">
                  1.1
                </th>
                <td className="px-4 py-2">Current</td>
                <td className="px-4 py-2">
                  Envelope <code>{"{id, event, schema_version, sent_at, data}"}</code>; <code>data</code> is the wallet,
                  card or authorization record exactly as the API returns it, including <code>livemode</code>; amounts
                  are major-unit numbers.
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <h3 className="mt-6 font-medium">Migration guides</h3>
        <p className="mt-2 text-slate-700">
          1.1 is the first version this service has published, so there is nothing to migrate from yet. When a version
          is raised, its entry here will list every changed field with before-and-after examples, say how long the
          previous version is still sent, and how to accept both during the switch (branch on{" "}
          <code className="rounded bg-slate-100 px-1">schema_version</code>; signatures are computed the same way in
          every version).
        </p>
      </section>
    </PublicShell>
  );
}
