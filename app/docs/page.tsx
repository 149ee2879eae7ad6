// /docs: the interactive API reference, rendered in the browser from /api/public/openapi.json.
import type { Metadata } from "next";
import { PublicShell } from "../_components/public-shell";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  return (
    <PublicShell wide>
      <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Every public route, generated from the same schemas that validate requests. Machine-readable:{" "}
        <a href="/api/public/openapi.json" className="text-indigo-700 underline">
          /api/public/openapi.json
        </a>{" "}
        (OpenAPI 3.1). Receiving webhooks: verifying signatures, replay safety and schema versions are explained in{" "}
        <a href="/webhooks/security" className="text-indigo-700 underline">
          Webhook security
        </a>
        .
      </p>
      <ApiReference />
    </PublicShell>
  );
}
