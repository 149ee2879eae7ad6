// /webhooks/security: how receivers verify webhook signatures (with tested receiver examples shown
// verbatim), check the Standard Webhooks signature beside ours, stay safe from replays, notice late
// or missing events, handle secret rotation, and the
// payload schema version history with its migration guides, rendered from lib/schema-versions.json.
import type { Metadata } from "next";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { EVENT_CATALOG } from "@/lib/schemas/event-catalog";
import { SCHEMA_VERSIONS, type SchemaVersion } from "@/lib/schema-versions";
import { SCHEMA_VERSION } from "@/lib/version";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { REPLAYS_PER_DELIVERY_PER_HOUR, REPLAYS_PER_USER_PER_MINUTE } from "@/lib/webhooks/replay-delivery";
import { DEFAULT_ENDPOINT_CONCURRENCY } from "@/lib/webhooks/endpoint-gate";
import { HEALTH_POLICY } from "@/lib/webhooks/endpoint-health";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/schedule";
import { SEND_TIMEOUT_MS } from "@/lib/webhooks/send-request";
import { STANDARD_TOLERANCE_SECONDS } from "@/lib/webhooks/verify";
import { PublicShell } from "@/app/_components/public-shell";
import { receiverExamples, type SourceFile } from "./receiver-examples";

export const metadata: Metadata = {
  title: "Webhook security and schema versions",
  description:
    "Verify webhook signatures, stay safe from replays, notice late or missing events, rotate secrets, and follow payload schema versions.",
};

const MAX_AGE_MINUTES = 5;

/** A worked example made by the sending code itself, so its headers and signature are the wire's. */
// Shaped like a real secret (whsec_ + 40 base62 characters), so Standard Webhooks libraries take it.
const SAMPLE_SECRET = "whsec_ExAmPle0SecReT1ShoWn2On3This4Page5Only67";
const SAMPLE = signedRequest(
  buildEnvelope(
    {
      id: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
      type: "card.issued",
      // The wallet's second event: its wallet.provisioned was the first.
      sequence: 2,
      data: {
        id: "card_7hJ2kL9mN3pQ6rS8tV1wX4fG",
        object: "card",
        walletId: "wal_9mN3pQ6rS8tV1wX4fG7hJ2kL",
        externalUserId: "user_42",
        kind: "virtual",
        currency: "USD",
        spendLimit: 250.5,
        status: "active",
        last4: "4242",
        expMonth: 12,
        expYear: 2029,
        livemode: false,
        createdAt: "2026-11-21T10:00:00.000Z",
      },
    },
    new Date("2026-11-21T10:00:00.000Z"),
  ),
  "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
  { current: SAMPLE_SECRET },
);

const HEADER_MEANINGS: Record<string, string> = {
  "content-type": "Always application/json.",
  "user-agent": "Identifies our sender and the schema version.",
  "x-service-signature": "Lowercase hex HMAC-SHA256 of the raw body with your application's webhook secret.",
  "webhook-id": "Standard Webhooks: the event's id, the same on every retry and replay (as x-service-event-id).",
  "webhook-timestamp": "Standard Webhooks: this attempt's time, unix seconds (the envelope's sent_at).",
  "webhook-signature":
    "Standard Webhooks: v1,<base64 HMAC-SHA256 of id.timestamp.body>; during a secret roll, one per secret, space-separated.",
  "x-service-schema-version": "The payload schema version; the same as the envelope's schema_version.",
  "x-service-event-id": "The event's id; the same on every retry and replay. Deduplicate on it.",
  "x-service-delivery-id": "The delivery: one per event and endpoint, the same on every retry and replay of it.",
};

function headerMeaning(name: string): string {
  const meaning = HEADER_MEANINGS[name];
  // A header added to the sender without a line here fails the build rather than go undocumented.
  if (!meaning) throw new Error(`/webhooks/security does not describe the ${name} header`);
  return meaning;
}

function delayText(ms: number): string {
  if (ms === 0) return "immediately";
  return ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;
}

// The first delay is the first attempt's (immediately); the rest are the retries'.
const RETRY_SCHEDULE = RETRY_DELAYS_MS.slice(1).map(delayText).join(", ");
const RETRY_DAYS = Math.round(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 86_400_000);

const STATUS_LABEL: Record<SchemaVersion["status"], string> = {
  current: "Current",
  supported: "Supported",
  retired: "Retired",
};

const inlineCode = "rounded bg-slate-100 px-1 font-mono text-[0.9em] break-words";
const link = "text-indigo-700 underline hover:text-indigo-900";

function InlineCode({ children }: { children: React.ReactNode }) {
  return <code className={inlineCode}>{children}</code>;
}

function CodeBlock({ label, children, wrap = false }: { label: string; children: string; wrap?: boolean }) {
  return (
    <figure className="mt-3">
      <figcaption className="text-xs font-medium text-slate-500">{label}</figcaption>
      <pre
        className={`mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 sm:p-4 sm:text-sm ${wrap ? "break-all whitespace-pre-wrap" : ""}`}
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}

function SourceBlock({ file, exampleId }: { file: SourceFile; exampleId: string }) {
  return (
    <figure className="mt-3" data-example={exampleId} data-file={file.path}>
      <figcaption className="font-mono text-xs font-medium text-slate-500">{file.path}</figcaption>
      <pre className="mt-1 max-h-[36rem] overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 sm:p-4 sm:text-[0.8rem]">
        <code data-source>{file.source}</code>
      </pre>
    </figure>
  );
}

// Not the console's Table (app/merchant/sdk/_components/ui.tsx): that one bleeds into a Panel's
// padding and sets uppercase headings; this page has no panels.
function DocTable({ caption, columns, children }: { caption: string; columns: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12 scroll-mt-4">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

function MigrationGuides() {
  const guides = SCHEMA_VERSIONS.filter((v) => v.previous !== null);
  const first = SCHEMA_VERSIONS.at(-1);
  return (
    <>
      <h3 id="migration-guides" className="mt-8 text-lg font-semibold text-slate-900">
        Migration guides
      </h3>
      {guides.length === 0 && first ? (
        <p>{first.version} is the first version this service has published, so there is nothing to migrate from yet.</p>
      ) : null}
      {guides.map((v) => (
        <article key={v.version} aria-labelledby={`migrate-${v.version}`} className="mt-4">
          <h4 id={`migrate-${v.version}`} className="font-semibold text-slate-900">
            From {v.previous} to {v.version}
          </h4>
          <p className="mt-1">{v.summary}</p>
          <ul className="mt-3 space-y-4">
            {v.changes.map((change, index) => (
              <li key={index} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
                <p className="font-medium text-slate-900">
                  <InlineCode>{change.payload}</InlineCode>: {change.change}
                </p>
                {change.before ? (
                  <CodeBlock label={`Before (${v.previous})`} wrap>
                    {change.before}
                  </CodeBlock>
                ) : null}
                {change.after ? (
                  <CodeBlock label={`After (${v.version})`} wrap>
                    {change.after}
                  </CodeBlock>
                ) : null}
                <p className="mt-2">
                  <span className="font-medium">What to do:</span> {change.migration}
                </p>
              </li>
            ))}
          </ul>
        </article>
      ))}
      <p>
        When a payload&apos;s shape changes, the version is raised and its guide appears here: every changed payload
        (the envelope or an event kind) with what changed, before-and-after examples and what a receiver has to do. Read{" "}
        <InlineCode>schema_version</InlineCode> (or the <InlineCode>x-service-schema-version</InlineCode> header) to
        branch on the version during a switch; signatures are computed the same way in every version. Every application
        receives the current version.
      </p>
      <AddedEventKinds />
    </>
  );
}

/** The kinds the first published version sent; every other kind was added since, within 1.1. */
const FIRST_KINDS: readonly EventType[] = [
  "wallet.provisioned",
  "card.issued",
  "card.authorized",
  "card.captured",
  "card.refunded",
];

function AddedEventKinds() {
  const added = EVENT_TYPES.filter((type) => !FIRST_KINDS.includes(type));
  return (
    <>
      <h4 id="added-event-kinds" className="mt-6 font-semibold text-slate-900">
        Event kinds added since the first five
      </h4>
      <p>
        The first version sent{" "}
        {FIRST_KINDS.map((type, index) => (
          <span key={type}>
            {index > 0 ? ", " : ""}
            <InlineCode>{type}</InlineCode>
          </span>
        ))}
        . Each kind below was added within {SCHEMA_VERSION} without changing the envelope: an endpoint subscribed to
        every kind (no events listed) starts receiving it, so answer 2xx to kinds you do not handle; one subscribed to a
        list gets it once it is added to the list. An event about a wallet takes its place in that wallet&apos;s{" "}
        <InlineCode>sequence</InlineCode>; the operational ones (about no wallet) are numbered in the application&apos;s
        own stream. <InlineCode>GET /api/public/sdk/v1/event-types</InlineCode> has each kind&apos;s data schema.
      </p>
      <p data-testid="card-expired-migration">
        <span className="font-medium">One changes what you received before:</span> a hold that lapses uncaptured (the
        7-day expiry, test mode&apos;s expire, or the card network&apos;s expiry message) is now{" "}
        <InlineCode>card.expired</InlineCode>, no longer <InlineCode>card.reversed</InlineCode> with status{" "}
        <InlineCode>expired</InlineCode>. A reversal stays <InlineCode>card.reversed</InlineCode>. If you released holds
        on <InlineCode>card.reversed</InlineCode>, handle <InlineCode>card.expired</InlineCode> the same way (and add it
        to an endpoint&apos;s list of kinds).
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="added-event-kinds">
        {added.map((type) => (
          <li key={type}>
            <InlineCode>{type}</InlineCode>: {EVENT_CATALOG[type].summary}
          </li>
        ))}
      </ul>
    </>
  );
}

export default function WebhookSecurityPage() {
  const examples = receiverExamples();
  return (
    <PublicShell>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        Webhook security and schema versions
      </h1>
      <p className="mt-3 text-slate-700">
        We tell your server about new wallets, cards and card activity by POSTing signed JSON to the endpoints you
        register at{" "}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load into the console, which signs in on its own */}
        <a className={link} href="/merchant/sdk">
          /merchant/sdk
        </a>
        . This page shows how to check that a request really comes from us, how to stay safe from replays, and how
        payloads are versioned. Current schema version:{" "}
        <strong data-testid="current-schema-version">{SCHEMA_VERSION}</strong>.
      </p>
      <nav aria-label="On this page" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <p className="font-medium text-slate-900">On this page</p>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {[
            ["signing", "Verifying a delivery"],
            ["standard-webhooks", "Standard Webhooks"],
            ["examples", "Receiver examples"],
            ["replay", "Replay safety"],
            ["ordering", "Ordering and gaps"],
            ["endpoint-health", "When your endpoint fails"],
            ["rotation", "Rotating the secret"],
            ["versions", "Schema versions"],
            ["testing", "Test your receiver"],
          ].map(([id, title]) => (
            <li key={id}>
              <a className={link} href={`#${id}`}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="signing" title="Verifying a delivery">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Read the raw request body as bytes, before any JSON parsing.</li>
          <li>
            Compute the HMAC-SHA256 of those bytes with your application&apos;s webhook secret for the mode (test and
            live each have their own <InlineCode>whsec_…</InlineCode>, shown on your application&apos;s overview in the
            console), as lowercase hex. While a rolled secret is pending, do it with each secret you hold.
          </li>
          <li>
            Compare it with the <InlineCode>x-service-signature</InlineCode> header in constant time, after checking
            that both have the same length (64 characters). If the header is missing, the wrong length or matches none
            of your secrets, answer <strong>401</strong> and ignore the body.
          </li>
          <li>
            Check <InlineCode>sent_at</InlineCode> and the event <InlineCode>id</InlineCode> (see{" "}
            <a className={link} href="#replay">
              Replay safety
            </a>
            ), then answer any 2xx within {SEND_TIMEOUT_MS / 1000} seconds and do slow work afterwards.
          </li>
        </ol>
        <p>Every delivery is a POST with these headers:</p>
        <DocTable caption="Headers of every webhook delivery" columns={["Header", "Meaning"]}>
          {Object.keys(SAMPLE.headers).map((name) => (
            <tr key={name}>
              <th scope="row" className="px-3 py-2 align-top font-mono text-xs font-normal whitespace-nowrap">
                {name}
              </th>
              <td className="px-3 py-2">{headerMeaning(name)}</td>
            </tr>
          ))}
        </DocTable>
        <p>
          The body is the envelope <InlineCode>{"{id, event, schema_version, sent_at, sequence, data}"}</InlineCode>,
          where <InlineCode>data</InlineCode> is the wallet, card or authorization record exactly as the API returns it
          and <InlineCode>sequence</InlineCode> is the event&apos;s place among the events about its wallet (see{" "}
          <a className={link} href="#ordering">
            Ordering and gaps
          </a>
          ). A worked example, made by our sending code with the secret <InlineCode>{SAMPLE_SECRET}</InlineCode>, to
          check your HMAC code against:
        </p>
        <CodeBlock label="Raw body (one line, no trailing newline)" wrap>
          {SAMPLE.body}
        </CodeBlock>
        <CodeBlock label="Headers" wrap>
          {Object.entries(SAMPLE.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join("\n")}
        </CodeBlock>
      </Section>

      <Section id="standard-webhooks" title="Standard Webhooks">
        <p>
          Every delivery also carries the{" "}
          <a className={link} href="https://www.standardwebhooks.com">
            Standard Webhooks
          </a>{" "}
          headers, so any of that standard&apos;s libraries verifies it as is, with your secret exactly as the console
          shows it (<InlineCode>whsec_…</InlineCode>):
        </p>
        <CodeBlock label="Node.js, npm package standardwebhooks">
          {`import { Webhook } from "standardwebhooks";
const wh = new Webhook(process.env.WEBHOOK_SECRETS); // "whsec_…" as shown (one secret here)
// rawBody: the body as sent (a string); throws when the signature or the time does not hold.
const envelope = wh.verify(rawBody, {
  "webhook-id": req.headers["webhook-id"],
  "webhook-timestamp": req.headers["webhook-timestamp"],
  "webhook-signature": req.headers["webhook-signature"],
});`}
        </CodeBlock>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>The key.</strong> The standard&apos;s libraries take the part of the secret after{" "}
            <InlineCode>whsec_</InlineCode> and base64-decode it; that is the HMAC key. Our secrets are{" "}
            <InlineCode>whsec_</InlineCode> and 40 letters and digits, all base64 characters, so the key is those 40
            characters decoded: 30 bytes. (<InlineCode>x-service-signature</InlineCode> uses the whole secret string as
            its key instead, as the specification says; the two are different computations over the same secret.)
          </li>
          <li>
            <strong>What is signed.</strong> <InlineCode>webhook-id</InlineCode>, a dot,{" "}
            <InlineCode>webhook-timestamp</InlineCode>, a dot, and the raw body: the signature is{" "}
            <InlineCode>v1,</InlineCode> and the base64 HMAC-SHA256 of that. During a secret roll the header holds one
            signature per secret (the current and the pending one), space-separated; a library passes when any matches.
          </li>
          <li>
            <strong>Why it also stops replays.</strong> The timestamp is inside the signature, so nobody can change it
            without the secret; the libraries refuse a timestamp more than {STANDARD_TOLERANCE_SECONDS / 60} minutes
            from your clock. A delivery captured and sent again later fails on its own, before any deduplication, while
            our own retries and replays pass: each attempt is signed afresh with its own time. The body-only{" "}
            <InlineCode>x-service-signature</InlineCode> needs the <InlineCode>sent_at</InlineCode> check below to get
            the same protection.
          </li>
          <li>
            <InlineCode>verifyWebhookRequest</InlineCode> of <InlineCode>@wallet-card/client/webhooks</InlineCode>{" "}
            checks the Standard Webhooks headers when they are present (signature and time) and otherwise{" "}
            <InlineCode>x-service-signature</InlineCode>; pass <InlineCode>{"{ requireStandard: true }"}</InlineCode> to
            accept only the timestamped scheme.
          </li>
        </ul>
      </Section>

      <Section id="examples" title="Receiver examples">
        <p>
          Each example below is a complete receiver: it takes its secrets from <InlineCode>WEBHOOK_SECRETS</InlineCode>{" "}
          (one, or the current and the pending one, comma-separated; a signature by any of them passes) and the port
          from <InlineCode>PORT</InlineCode>, answers <strong>401</strong> to a missing, wrongly sized or wrong
          signature, <strong>400</strong> to a <InlineCode>sent_at</InlineCode> more than {MAX_AGE_MINUTES} minutes away
          from its clock, <strong>200</strong> without processing again to an event id it has already seen, and{" "}
          <strong>200</strong> to a new event, printing <InlineCode>accepted evt_… card.issued</InlineCode>. Our test
          suite runs every one of these files against real signed deliveries, tampered and stale ones included.
        </p>
        <p>
          Why 400 and not 401 for a stale <InlineCode>sent_at</InlineCode>: the signature was right, so your secret is
          fine and the request is genuine, only outside the time window (a captured request sent again, or a clock that
          is off). Keeping the two apart lets the delivery log in the console tell you what to fix: 401 means the
          secret, 400 means the clock. Either way we retry with a fresh <InlineCode>sent_at</InlineCode> and signature.
        </p>
        <nav aria-label="Receiver examples" className="text-sm">
          <ul className="flex flex-wrap gap-2">
            {examples.map((example) => (
              <li key={example.id}>
                <a
                  href={`#example-${example.id}`}
                  className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 hover:border-indigo-500 hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  {example.language}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {examples.map((example) => (
          <article key={example.id} aria-labelledby={`example-${example.id}`} className="pt-4">
            <h3 id={`example-${example.id}`} className="scroll-mt-4 text-lg font-semibold text-slate-900">
              {example.language}
            </h3>
            <p className="mt-1">{example.setup}</p>
            <SourceBlock file={example.file} exampleId={example.id} />
            {example.companion ? (
              <>
                <p className="mt-3">{example.companion.note}</p>
                <SourceBlock file={example.companion} exampleId={`${example.id}-companion`} />
              </>
            ) : null}
            <CodeBlock label="Run" wrap>
              {example.run}
            </CodeBlock>
          </article>
        ))}
      </Section>

      <Section id="replay" title="Replay safety">
        <p>
          A valid signature proves a request came from us, not that it is new. Two more checks make repeats harmless:
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Freshness.</strong> Every attempt carries its own <InlineCode>sent_at</InlineCode> (ISO 8601 UTC)
            and is signed afresh. Reject a delivery whose <InlineCode>sent_at</InlineCode> is more than{" "}
            {MAX_AGE_MINUTES} minutes old (or more than {MAX_AGE_MINUTES} minutes ahead of your clock), so a request
            someone captured cannot be sent to you again later. Keep your server&apos;s clock synchronised.
          </li>
          <li>
            <strong>Deduplication.</strong> Each event has one <InlineCode>id</InlineCode> (
            <InlineCode>evt_…</InlineCode>, also in <InlineCode>x-service-event-id</InlineCode>). Record the ids you
            have processed, ideally in a table with a unique key, written in the same transaction as the work, and
            answer <strong>200</strong> to an id you already have: any other answer makes us try again.
          </li>
        </ul>
        <h3 className="pt-2 text-lg font-semibold text-slate-900">What retries and replays look like</h3>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Retries.</strong> An attempt that does not get a 2xx within {SEND_TIMEOUT_MS / 1000} seconds
            (redirects are not followed) is retried with jitter after {RETRY_SCHEDULE}: {RETRY_DELAYS_MS.length}{" "}
            attempts over about {RETRY_DAYS} days, after which the delivery is marked failed.
          </li>
          <li>
            <strong>Replays.</strong> You can send any delivery again from its page in the console or with{" "}
            <InlineCode>POST /api/public/sdk/v1/webhooks/deliveries/{"{id}"}/replay</InlineCode>, up to{" "}
            {REPLAYS_PER_DELIVERY_PER_HOUR} times per delivery in any 60 minutes and {REPLAYS_PER_USER_PER_MINUTE} per
            minute per merchant account.
          </li>
          <li>
            Both arrive as a new attempt of the same delivery: the same event <InlineCode>id</InlineCode>,{" "}
            <InlineCode>sequence</InlineCode> and <InlineCode>x-service-delivery-id</InlineCode>, the same{" "}
            <InlineCode>data</InlineCode>, with a fresh <InlineCode>sent_at</InlineCode> and a new signature. So the
            freshness check lets them through and deduplication keeps you from processing the event twice.
          </li>
          <li>
            Events can arrive out of order. <InlineCode>data</InlineCode> is the full record at the time of the event,
            so read its state rather than inferring it from the order, and use <InlineCode>sequence</InlineCode> to
            notice what is still to come (next section).
          </li>
        </ul>
      </Section>

      <Section id="ordering" title="Ordering and gaps">
        <p>
          Every event is about one wallet: a <InlineCode>wallet.provisioned</InlineCode> event about the wallet in its{" "}
          <InlineCode>data</InlineCode> (<InlineCode>data.id</InlineCode>), a card or authorization event about the
          wallet its record names (<InlineCode>data.walletId</InlineCode>). Its <InlineCode>sequence</InlineCode> is its
          place among the events about that wallet: 1 for the first, then 2, 3… with no gaps, in the order the changes
          were committed. The number is taken in the same transaction as the change, so work that was refused or rolled
          back leaves no hole, and a declined spend, which sends no event, takes no number. Wallets are numbered apart:
          compare sequences only within one wallet.
        </p>
        <p>
          Deliveries do not wait for each other: an event whose first attempt failed is retried on its own schedule
          while later events about the same wallet get through. So a receiver that sees <em>n</em>+2 before <em>n</em>+1
          knows one is late or missing. To act on it, keep the last sequence you have processed for each wallet, written
          in the same transaction as the work (beside the event ids you keep for deduplication), and compare each
          delivery with it:
        </p>
        <DocTable
          caption="What to do with a delivery, by its sequence"
          columns={["The delivery's sequence", "What it means and what to do"]}
        >
          <tr>
            <th scope="row" className="px-3 py-2 align-top font-normal whitespace-nowrap">
              last + 1
            </th>
            <td className="px-3 py-2">
              The next event about the wallet: process it and store its sequence as the last.
            </td>
          </tr>
          <tr>
            <th scope="row" className="px-3 py-2 align-top font-normal whitespace-nowrap">
              last or lower
            </th>
            <td className="px-3 py-2">
              Already processed: a retry or replay carries the same event <InlineCode>id</InlineCode> and{" "}
              <InlineCode>sequence</InlineCode> as the first attempt. Answer <strong>200</strong> and do nothing.
            </td>
          </tr>
          <tr>
            <th scope="row" className="px-3 py-2 align-top font-normal whitespace-nowrap">
              more than last + 1
            </th>
            <td className="px-3 py-2">
              The events in between are late or missing. Either wait: keep this one aside (or answer a non-2xx, and we
              retry it on the schedule above) until the missing ones arrive. Or fetch them:{" "}
              <InlineCode>GET /api/public/sdk/v1/events?wallet=wal_…</InlineCode> returns the wallet&apos;s events,
              newest first, with the same <InlineCode>id</InlineCode>, <InlineCode>sequence</InlineCode> and{" "}
              <InlineCode>data</InlineCode> as its webhook; process the wallet&apos;s missing sequences in order, then
              this one. Their deliveries still arrive later and are duplicates by then.
            </td>
          </tr>
        </DocTable>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            The numbers count every event about the wallet, whichever endpoints receive it. An endpoint subscribed to
            some kinds only sees jumps where the other kinds&apos; events are; the events API (with{" "}
            <InlineCode>?type=</InlineCode> if you like) shows what they were.
          </li>
          <li>
            For a wallet you have no sequence for yet, the next is its <InlineCode>wallet.provisioned</InlineCode>, 1.
            An endpoint added after the wallet was created starts wherever the wallet&apos;s events had got to: take the
            earlier ones from the events API, or start from the first sequence you receive.
          </li>
          <li>
            Test events sent from the console are about a sample wallet that exists nowhere else, so each carries
            sequence 1.
          </li>
        </ul>
      </Section>

      <Section id="endpoint-health" title="When your endpoint fails">
        <p>
          One slow or failing endpoint never holds up another. Each of our webhook workers sends at most{" "}
          {DEFAULT_ENDPOINT_CONCURRENCY} requests to one endpoint at a time; while yours has that many out, its other
          deliveries wait in their own lane and everyone else&apos;s keep flowing. Nothing is sent inside a database
          transaction, and connections to your endpoint are kept alive between deliveries, always to the address our
          checks approved for that very delivery.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Health.</strong> We record each endpoint&apos;s failure streak, its last success and its last
            failure with the reason (a status, a timeout, a refused connection, a redirect). You see them on the
            console&apos;s webhooks page and in <InlineCode>GET /api/public/sdk/v1/webhooks/endpoints</InlineCode>.
          </li>
          <li>
            <strong>Backing off.</strong> After {HEALTH_POLICY.backOffAfterFailures} failures in a row we stop sending
            to the endpoint for {HEALTH_POLICY.backOffBaseMs / 1000} seconds, doubling with each further failure up to{" "}
            {HEALTH_POLICY.backOffMaxMs / 60_000} minutes, then send one delivery at a time as a probe. The first 2xx
            ends the back-off and everything that waited is sent at once. No delivery is lost while you are backed off,
            and a replay you ask for goes through anyway.
          </li>
          <li>
            <strong>Disabling.</strong> An endpoint whose deliveries have all failed for{" "}
            {HEALTH_POLICY.disableAfterMs / 86_400_000} days, with no success in between, is disabled, with the reason
            and the date on the endpoint and an entry in your audit log. Its deliveries stay pending; enable the
            endpoint again (console, or <InlineCode>webhooks enable</InlineCode> on the command line) and they are sent
            at once.
          </li>
          <li>
            <strong>Retention.</strong> Every attempt&apos;s status, latency and error stay on record; the exact request
            and the answer&apos;s excerpt are kept for 30 days.
          </li>
        </ul>
      </Section>

      <Section id="authorization-decisions" title="Authorization decisions">
        <p>
          A decision endpoint (set with <InlineCode>POST /api/public/sdk/v1/authorization-endpoint</InlineCode> or on
          the console&apos;s Webhooks page) is asked to approve or decline each card spend that passed the card&apos;s
          status, its spending controls and the wallet&apos;s funds. The request,{" "}
          <InlineCode>card.authorization.request</InlineCode>, is signed exactly like a delivery: the same headers, the
          same secret of the mode, so verify it the same way (<InlineCode>verifyAuthorizationRequest</InlineCode> in{" "}
          <InlineCode>@wallet-card/client/authorization-decisions</InlineCode>). Its <InlineCode>webhook-id</InlineCode>{" "}
          is the request&apos;s <InlineCode>areq_</InlineCode> id; it is never retried.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Answer</strong> with a 2xx within the endpoint&apos;s <InlineCode>timeoutMs</InlineCode> (at most 2
            s) and <InlineCode>{`{"approved": true|false, "amount"?: number, "metadata"?: {...}}`}</InlineCode>: an
            amount below the request approves that much; metadata (at most 20 keys) is stored on the authorization.
          </li>
          <li>
            <strong>Anything else</strong> (a non-2xx, a redirect, which we never follow, invalid JSON, an amount above
            the request, a body over 16 KiB, no answer in time) applies your <InlineCode>defaultAction</InlineCode>; the
            authorization&apos;s <InlineCode>decision</InlineCode> records why (timeout, error, invalid_response).
          </li>
          <li>
            <strong>Your endpoint costs only you.</strong> We hold no database lock while you think and check funds and
            controls again after your answer. Past a cap of decisions in flight for your application, spends get your
            defaultAction at once (reason <InlineCode>overloaded</InlineCode>); other applications are not slowed.
          </li>
        </ul>
      </Section>

      <Section id="rotation" title="Rotating the secret">
        <p>
          Each application has two webhook secrets: one signs its test mode deliveries, the other its live mode
          deliveries, so a test receiver on your laptop never holds the key to live events. The console shows the secret
          of the mode it is in, on the application&apos;s overview (
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load into the console, which signs in on its own */}
          <a className={link} href="/merchant/sdk">
            /merchant/sdk
          </a>
          , then your application, <em>Webhook signing secret</em>). Applications made before secrets were per mode keep
          their one secret in both modes until you roll either. Roll a secret whenever it may have been seen by someone
          else; keep it on your server only, never in a browser or mobile app.
        </p>
        <p>Rolling without downtime:</p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Roll secret</strong> and pick when the new secret takes over: now, in 1 hour or in 24 hours. The new
            secret is <em>pending</em>: it is shown at once, with its switch time in your time zone, and signs nothing
            yet. Deliveries keep being signed with the current secret until the switch time. Rolling the same mode again
            replaces the pending secret; the other mode is not touched.
          </li>
          <li>
            Deploy both secrets to your receiver first (for the examples above,{" "}
            <InlineCode>WEBHOOK_SECRETS=whsec_current,whsec_pending</InlineCode>), so it accepts a signature by either.
            The verify helper takes the list as it is:{" "}
            <InlineCode>verifyWebhookRequest(request, [current, pending])</InlineCode>.
          </li>
          <li>
            At the switch time, or earlier with <strong>Activate now</strong> once your receiver has both, the pending
            secret becomes the current one. Every attempt from then on is signed with it, including retries and replays
            of older events, since each attempt is signed when it is sent. Each delivery carries one signature, never
            both.
          </li>
          <li>Remove the old secret from your receiver.</li>
        </ol>
        <p>
          Picking <em>now</em> skips the overlap: until your receiver has the new secret it answers 401, and those
          deliveries are retried on the schedule above. Put the new secret in place promptly (well within the{" "}
          {RETRY_DAYS} days of retries) and they go through on their next attempt; replay any that ended failed. Each
          reveal, roll and activation, including a pending secret taking over at its time, is recorded in the
          application&apos;s audit log.
        </p>
      </Section>

      <Section id="versions" title="Schema versions">
        <p>
          The payload schema version is in the envelope&apos;s <InlineCode>schema_version</InlineCode> and in the{" "}
          <InlineCode>x-service-schema-version</InlineCode> header of every delivery and every API response. All three
          come from the one list below, so this page cannot disagree with what is sent. The version is raised whenever a
          payload&apos;s shape changes in a way a receiver could trip over; a field added beside the others, which a
          receiver that ignores unknown fields never notices, is listed under the current version with the date it
          started being sent.
        </p>
        <DocTable caption="Schema versions" columns={["Version", "Status", "Released", "Summary"]}>
          {SCHEMA_VERSIONS.map((v) => (
            <tr key={v.version} data-testid="schema-version-row">
              <th scope="row" className="px-3 py-2 align-top font-semibold">
                {v.version}
              </th>
              <td className="px-3 py-2 align-top">{STATUS_LABEL[v.status]}</td>
              <td className="px-3 py-2 align-top whitespace-nowrap">{v.released}</td>
              <td className="px-3 py-2 align-top">{v.summary}</td>
            </tr>
          ))}
        </DocTable>
        {SCHEMA_VERSIONS.map((v) => (
          <article key={v.version} aria-labelledby={`contents-${v.version}`}>
            <h3 id={`contents-${v.version}`} className="pt-4 text-lg font-semibold text-slate-900">
              What {v.version} sends
            </h3>
            <dl className="mt-2 space-y-2">
              {v.payloads.map((p) => (
                <div key={p.payload}>
                  <dt className="font-mono text-sm text-slate-900">{p.payload}</dt>
                  <dd>{p.description}</dd>
                </div>
              ))}
            </dl>
            {v.additions.length > 0 ? (
              <>
                <h4 id={`additions-${v.version}`} className="pt-3 font-semibold text-slate-900">
                  Added within {v.version}
                </h4>
                <ul aria-labelledby={`additions-${v.version}`} className="mt-2 space-y-2">
                  {v.additions.map((addition, index) => (
                    <li key={index} data-testid="schema-version-addition">
                      <time dateTime={addition.added} className="font-medium">
                        {addition.added}
                      </time>
                      , <InlineCode>{addition.payload}</InlineCode>: {addition.change} {addition.migration}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </article>
        ))}
        <p>
          Field by field, every event is described in the{" "}
          <a className={link} href="/docs">
            API reference
          </a>{" "}
          (the <em>Webhooks</em> section of{" "}
          <a className={link} href="/api/public/openapi.json">
            openapi.json
          </a>
          ).
        </p>
        <MigrationGuides />
      </Section>

      <Section id="testing" title="Test your receiver">
        <p>With the service running locally and your receiver listening on port 4000:</p>
        <ol className="list-decimal space-y-3 pl-5">
          <li>
            Register it for test mode, where <InlineCode>http://localhost</InlineCode> is allowed: in the console under{" "}
            <em>Webhooks → Add an endpoint</em>, or
            <CodeBlock label="Shell" wrap>
              {"npm run cli -- webhooks add --app ID --url http://localhost:4000/webhooks"}
            </CodeBlock>
          </li>
          <li>
            Fire a real test-mode event (it makes the wallet, card or authorization the event needs). The events are{" "}
            {EVENT_TYPES.map((type, index) => (
              <span key={type}>
                {index > 0 ? ", " : ""}
                <InlineCode>{type}</InlineCode>
              </span>
            ))}
            . Add <InlineCode>--wait</InlineCode> to see how your receiver answered.
            <CodeBlock label="Shell" wrap>
              {"npm run cli -- trigger card.issued --app ID"}
            </CodeBlock>
          </li>
          <li>
            Watch every attempt and its answer as it happens; your receiver should print{" "}
            <InlineCode>accepted evt_… card.issued</InlineCode> once.
            <CodeBlock label="Shell" wrap>
              {"npm run cli -- events tail --app ID"}
            </CodeBlock>
          </li>
          <li>
            Check that it refuses a forgery with 401: send a body with a signature that does not match it (or take a
            real delivery&apos;s body from its page in the console, change one character and send it with its original
            signature).
            <CodeBlock label="Shell" wrap>
              {`curl -i http://localhost:4000/webhooks -H 'content-type: application/json' \\
  -H 'x-service-signature: ${"0".repeat(64)}' \\
  -d '{"id":"evt_forged","event":"card.issued","schema_version":"${SCHEMA_VERSION}","sent_at":"2026-01-01T00:00:00.000Z","sequence":1,"data":{}}'`}
            </CodeBlock>
          </li>
        </ol>
        <p>
          Deliveries are sent by the webhook worker that runs inside <InlineCode>npm run dev</InlineCode> and{" "}
          <InlineCode>npm start</InlineCode> (or alone with <InlineCode>npm run worker</InlineCode>).
        </p>
      </Section>
    </PublicShell>
  );
}
