"use client";
// Registers a webhook endpoint: URL, the event kinds it wants (none ticked = all), enabled; or, given
// an endpoint, edits its URL and event kinds.
import { useActionState } from "react";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/components/ui/cn";
import { Field, FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { registerEndpointAction, updateEndpointAction } from "./actions";

export function EndpointForm({
  applicationId,
  eventTypes,
  live,
  endpoint,
}: {
  applicationId: string;
  eventTypes: readonly string[];
  live: boolean;
  /** The endpoint to edit; absent registers a new one. */
  endpoint?: { id: string; url: string; events: readonly string[] };
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
  return (
    <form
      action={action}
      className="space-y-4"
      noValidate
      // A saved edit comes back as new props; keying on them shows what was saved.
      key={
        endpoint
          ? `${state.status}:${endpoint.url}:${endpoint.events.join(",")}`
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
