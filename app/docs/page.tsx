// /docs: every operation listed on the server from the in-process OpenAPI document (readable before,
// or without, any script), followed by the interactive reference that RapiDoc draws from
// /api/public/openapi.json in the page's own flow.
import type { Metadata } from "next";
import { Fragment } from "react";
import { PublicShell } from "../_components/public-shell";
import { PRODUCT_NAME } from "@/lib/version";
import { ApiReference } from "./api-reference";
import { documentedOperations, type ListedOperation } from "./operations";

export const metadata: Metadata = {
  title: "API reference",
  description: `Every operation of the ${PRODUCT_NAME} API, generated from the schemas that validate requests.`,
};

const link = "text-indigo-700 underline hover:text-indigo-900";

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

/** A path that may wrap after each slash on a narrow screen, never in the middle of a segment. */
function BreakablePath({ path }: { path: string }) {
  const segments = path.split("/");
  return (
    <>
      {segments.map((segment, i) => (
        <Fragment key={i}>
          {segment}
          {i < segments.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

function OperationItem({ operation }: { operation: ListedOperation }) {
  return (
    <li data-operation={`${operation.method} ${operation.path}`}>
      <a
        href={`#${operation.anchor}`}
        className="group grid grid-cols-[4rem_minmax(0,1fr)] items-baseline gap-x-3 gap-y-0.5 rounded-md px-2 py-1.5 hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:grid-cols-[4rem_minmax(0,1fr)_minmax(0,20rem)]"
      >
        <span
          className={`rounded px-1 text-center font-mono text-xs font-semibold ${METHOD_STYLE[operation.method] ?? "bg-slate-100 text-slate-900"}`}
        >
          {operation.method}
        </span>{" "}
        <code className="font-mono text-[13px] text-slate-900 [overflow-wrap:anywhere] group-hover:text-indigo-800">
          <BreakablePath path={operation.path} />
        </code>{" "}
        <span className="col-start-2 text-sm text-slate-700 md:col-start-auto">{operation.summary}</span>
      </a>
    </li>
  );
}

export default function DocsPage() {
  const { groups, webhooks } = documentedOperations();
  return (
    <PublicShell wide>
      <div className="max-w-3xl">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
        <p className="mt-2 text-slate-700">
          Every public route of the {PRODUCT_NAME}, generated from the same schemas that validate requests.
          Machine-readable:{" "}
          <a href="/api/public/openapi.json" className={link}>
            /api/public/openapi.json
          </a>{" "}
          (OpenAPI 3.1). Receiving webhooks: verifying signatures, replay safety and schema versions are explained in{" "}
          <a href="/webhooks/security" className={link}>
            Webhook security
          </a>
          .
        </p>
      </div>

      <section aria-labelledby="operations" className="mt-8" data-testid="operation-list">
        <h2 id="operations" className="text-xl font-semibold tracking-tight">
          Operations
        </h2>
        <p className="mt-1 text-sm text-slate-600">Select one to jump to its details in the reference below.</p>
        <div className="mt-4 space-y-6">
          {groups.map((group) => (
            <div key={group.tag}>
              <h3 className="font-semibold text-slate-900">{group.tag}</h3>
              {group.description && <p className="text-sm text-slate-600">{group.description}</p>}
              <ul className="-mx-2 mt-2 divide-y divide-slate-200/70 border-y border-slate-200/70">
                {group.operations.map((operation) => (
                  <OperationItem key={operation.anchor} operation={operation} />
                ))}
              </ul>
            </div>
          ))}
          {webhooks.length > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900">Webhook events</h3>
              <p className="text-sm text-slate-600">What we POST to your endpoints, signed.</p>
              <ul className="-mx-2 mt-2 divide-y divide-slate-200/70 border-y border-slate-200/70">
                {webhooks.map((operation) => (
                  <OperationItem key={operation.anchor} operation={operation} />
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="reference" className="mt-12">
        <h2 id="reference" className="mb-4 text-xl font-semibold tracking-tight">
          Full reference
        </h2>
        <ApiReference />
      </section>
    </PublicShell>
  );
}
