"use client";
// Changing the password: the current one, then the new one. The form is emptied after a change
// (its values are never sent back), and the page says how many other sessions were signed out.
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { NewPasswordField } from "@/app/merchant/sdk/_components/new-password-field";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { Panel } from "@/components/ui/panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { changePasswordAction } from "./actions";

export function PasswordPanel() {
  const [state, action] = useActionState(changePasswordAction, idleState);
  return (
    <Panel
      id="password-title"
      title="Password"
      description="Changing it signs out every other session of your account; this one stays signed in."
    >
      {/* key: a successful change remounts the form, so the typed passwords do not stay in it. */}
      <form key={state.status === "ok" ? state.message : "form"} action={action} className="max-w-sm space-y-4">
        <Field id="current-password" label="Current password" error={state.fieldErrors?.currentPassword}>
          {(aria) => (
            <input
              {...aria}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
          )}
        </Field>
        <NewPasswordField
          id="new-password"
          name="newPassword"
          label="New password"
          error={state.fieldErrors?.newPassword}
        />
        {state.message ? (
          <p
            role={state.status === "error" ? "alert" : "status"}
            className={state.status === "error" ? "text-sm text-red-600" : "text-sm text-green-700"}
          >
            {state.message}
          </p>
        ) : null}
        <SubmitButton pendingText="Changing…">Change password</SubmitButton>
      </form>
    </Panel>
  );
}
