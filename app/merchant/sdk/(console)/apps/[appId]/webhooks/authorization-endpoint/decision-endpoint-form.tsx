"use client";
// Sets the mode's decision endpoint (URL, timeout, default action), sends it a test request, or removes it.
import { useActionState, useTransition, useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { deleteDecisionEndpointAction, setDecisionEndpointAction, testDecisionEndpointAction } from "./actions";

export function DecisionEndpointForm({
  applicationId,
  endpoint,
  canWrite,
  live,
}: {
  applicationId: string;
  endpoint: { url: string; timeoutMs: number; defaultAction: "approve" | "decline" } | null;
  canWrite: boolean;
  /** The mode the page was drawn in: the one a set or a removal writes in (lib/console/mode-write.ts). */
  live: boolean;
}) {
  const mode = live ? "live" : "test";
  // In live mode, setting or removing asks for a recent re-authentication; the action runs again once given.
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) =>
      withReauthentication(() => setDecisionEndpointAction(applicationId, previous, form)),
    idleState,
  );
  const [other, setOther] = useState<ActionState>(idleState);
  const [pending, startTransition] = useTransition();
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" ? state.values : undefined;
  const shown = other.status !== "idle" ? other : state;
  return (
    <div className="space-y-4">
      {shown.status !== "idle" && shown.message ? (
        <p
          role="status"
          className={
            shown.status === "ok"
              ? "rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
              : "rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800"
          }
        >
          {shown.message}
        </p>
      ) : null}
      <form action={action} className="space-y-4" noValidate>
        <input type="hidden" name="mode" value={mode} />
        <Field id="decision-url" label="URL" error={errors.url}>
          {(aria) => (
            <input
              {...aria}
              name="url"
              type="url"
              className={inputClass}
              defaultValue={values?.url ?? endpoint?.url ?? ""}
              placeholder="https://example.com/api/authorization-decisions"
              disabled={!canWrite}
            />
          )}
        </Field>
        <Field id="decision-timeout" label="Timeout (ms, 100 to 2000)" error={errors.timeoutMs}>
          {(aria) => (
            <input
              {...aria}
              name="timeoutMs"
              type="number"
              min={100}
              max={2000}
              className={inputClass}
              defaultValue={values?.timeoutMs ?? String(endpoint?.timeoutMs ?? 2000)}
              disabled={!canWrite}
            />
          )}
        </Field>
        <Field id="decision-default" label="When it does not answer usably in time" error={errors.defaultAction}>
          {(aria) => (
            <select
              {...aria}
              name="defaultAction"
              className={inputClass}
              defaultValue={values?.defaultAction ?? endpoint?.defaultAction ?? "decline"}
              disabled={!canWrite}
            >
              <option value="decline">Decline</option>
              <option value="approve">Approve</option>
            </select>
          )}
        </Field>
        {canWrite ? <SubmitButton>{endpoint ? "Save" : "Set endpoint"}</SubmitButton> : null}
      </form>
      {endpoint && canWrite ? (
        <div className="flex gap-3">
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            disabled={pending}
            onClick={() => startTransition(async () => setOther(await testDecisionEndpointAction(applicationId)))}
          >
            Send a test request
          </button>
          <button
            type="button"
            className="rounded-md border border-rose-300 px-3 py-1.5 text-sm text-rose-700"
            disabled={pending}
            onClick={() =>
              startTransition(async () =>
                setOther(await withReauthentication(() => deleteDecisionEndpointAction(applicationId, mode))),
              )
            }
          >
            Remove
          </button>
        </div>
      ) : null}
      {reauthDialog}
    </div>
  );
}
