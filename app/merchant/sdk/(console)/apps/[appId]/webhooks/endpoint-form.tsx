"use client";
// Registers a webhook endpoint: URL, the event kinds it wants (none ticked = all), a description,
// metadata, an optional throttle, enabled; or, given an endpoint, edits all but enabled.
import { useActionState } from "react";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/components/ui/cn";
import { Field, FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import type { EndpointFormLimits } from "@/lib/console/endpoint-settings";
import { registerEndpointAction, updateEndpointAction } from "./actions";
import { MetadataRows } from "./metadata-rows";

type EditedEndpoint = {
  id: string;
  url: string;
  events: readonly string[];
  description: string | null;
  metadata: Readonly<Record<string, string>>;
  maxPerSecond: number | null;
};

/** The rows a refused form was sent with (kept as JSON among its values), else the endpoint's. */
function metadataRows(sent: string | undefined, endpoint: EditedEndpoint | undefined) {
  if (sent !== undefined) {
    try {
      const parsed: unknown = JSON.parse(sent);
      if (Array.isArray(parsed))
        return parsed.flatMap((row: unknown) =>
          typeof row === "object" &&
          row !== null &&
          "key" in row &&
          "value" in row &&
          typeof row.key === "string" &&
          typeof row.value === "string"
            ? [{ key: row.key, value: row.value }]
            : [],
        );
    } catch {
      // Drawn from the endpoint instead.
    }
  }
  return Object.entries(endpoint?.metadata ?? {}).map(([key, value]) => ({ key, value }));
}

export function EndpointForm({
  applicationId,
  eventTypes,
  live,
  limits,
  endpoint,
}: {
  applicationId: string;
  eventTypes: readonly string[];
  live: boolean;
  /** ENDPOINT_FORM_LIMITS, passed by the page: the form is drawn in the browser, the schemas are not. */
  limits: EndpointFormLimits;
  /** The endpoint to edit; absent registers a new one. */
  endpoint?: EditedEndpoint;
}) {
  // Live endpoints (registering one, changing its URL) ask for a recent re-authentication; the form is
  // sent again once it is given.
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) =>
      withReauthentication(() =>
        endpoint
          ? updateEndpointAction(applicationId, endpoint.id, previous, form)
          : registerEndpointAction(applicationId, previous, form),
      ),
    idleState,
  );
  const errors = state.fieldErrors ?? {};
  const chosen = new Set(
    (state.status === "error" ? (state.values?.events ?? "") : (endpoint?.events.join(",") ?? ""))
      .split(",")
      .filter(Boolean),
  );
  const refused = state.status === "error";
  const idPrefix = endpoint ? `endpoint-${endpoint.id}` : "new-endpoint";
  const savedSettings = endpoint
    ? `${endpoint.description ?? ""}:${JSON.stringify(endpoint.metadata)}:${endpoint.maxPerSecond ?? ""}`
    : "";
  return (
    <form
      action={action}
      className="space-y-4"
      noValidate
      // A saved edit comes back as new props; keying on them shows what was saved.
      key={
        endpoint
          ? `${state.status}:${endpoint.url}:${endpoint.events.join(",")}:${savedSettings}`
          : state.status === "ok"
            ? state.message
            : "form"
      }
    >
      {/* The mode this form writes in is the one it was drawn in, whatever the view shows by the time it
          is sent (lib/console/mode-write.ts). */}
      <input type="hidden" name="mode" value={live ? "live" : "test"} />
      {state.status === "ok" ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {endpoint ? state.message : "Endpoint added. New events are delivered to it from now on."}
        </p>
      ) : null}
      <Field
        id="endpoint-url"
        label="Endpoint URL"
        error={errors.url}
        hint={
          live
            ? "Live endpoints must use https and a public address."
            : "Test endpoints may use http://localhost for local development."
        }
      >
        {(aria) => (
          <input
            {...aria}
            name="url"
            type="url"
            required
            placeholder={live ? "https://example.com/webhooks" : "http://localhost:4242/webhooks"}
            defaultValue={state.status === "error" ? state.values?.url : (endpoint?.url ?? "")}
            className={cn(inputClass, "mt-1 font-mono")}
          />
        )}
      </Field>
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        optional
        error={errors.description}
        hint="Your own words for it, shown here and returned by the API."
      >
        {(aria) => (
          <input
            {...aria}
            name="description"
            maxLength={limits.descriptionLength}
            placeholder="Order service, production"
            defaultValue={refused ? state.values?.description : (endpoint?.description ?? "")}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      <fieldset aria-describedby={errors.events ? "endpoint-events-error" : "endpoint-events-hint"}>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <p id="endpoint-events-hint" className="text-xs text-slate-500">
          Leave all unticked to receive every event kind.
        </p>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label
              key={type}
              className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
            >
              <input
                type="checkbox"
                name="events"
                value={type}
                defaultChecked={chosen.has(type)}
                className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
              />
              <span className="font-mono text-xs">{type}</span>
            </label>
          ))}
        </div>
        <FieldError id="endpoint-events-error" message={errors.events} />
      </fieldset>
      <MetadataRows
        idPrefix={idPrefix}
        initial={metadataRows(refused ? state.values?.metadata : undefined, endpoint)}
        limits={limits.metadata}
        error={errors.metadata}
      />
      <Field
        id={`${idPrefix}-max-per-second`}
        label="Max deliveries per second"
        optional
        error={errors.maxPerSecond}
        hint={`At most this many deliveries a second reach the endpoint, counted across every worker; the rest wait in the queue, none is dropped. ${limits.maxPerSecond.min} to ${limits.maxPerSecond.max}; empty: no limit.`}
      >
        {(aria) => (
          <input
            {...aria}
            name="maxPerSecond"
            type="number"
            inputMode="numeric"
            min={limits.maxPerSecond.min}
            max={limits.maxPerSecond.max}
            step={1}
            placeholder="No limit"
            defaultValue={refused ? state.values?.maxPerSecond : (endpoint?.maxPerSecond?.toString() ?? "")}
            className={cn(inputClass, "mt-1 w-40")}
          />
        )}
      </Field>
      {endpoint ? null : (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={state.status === "error" ? state.values?.enabled === "on" : true}
            className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
          />
          Enabled
        </label>
      )}
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      {endpoint ? (
        <SubmitButton pendingText="Saving…">Save endpoint</SubmitButton>
      ) : (
        <SubmitButton pendingText="Adding…">Add endpoint</SubmitButton>
      )}
      {reauthDialog}
    </form>
  );
}
