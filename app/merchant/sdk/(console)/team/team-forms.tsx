"use client";
// The team page's controls: invite by email, change a member's role, remove a member or leave,
// withdraw an invitation. Refusals (the last owner, an existing member) show beside them.
import { useActionState, useState } from "react";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { ROLES, type Role } from "@/lib/console/roles";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { changeRoleAction, inviteMemberAction, removeMemberAction, revokeInvitationAction } from "./actions";

function StateMessage({ state }: { state: ActionState }) {
  if (!state.message) return null;
  return (
    <p
      role={state.status === "error" ? "alert" : "status"}
      className={cn("mt-1 text-sm", state.status === "error" ? "text-red-600" : "text-green-700")}
    >
      {state.message}
    </p>
  );
}

export function InviteForm({ accountId }: { accountId: string }) {
  const [state, action] = useActionState(inviteMemberAction.bind(null, accountId), idleState);
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" noValidate>
      <Field id="invite-email" label="Email" error={state.fieldErrors?.email}>
        {(aria) => (
          <input
            {...aria}
            name="email"
            type="email"
            required
            defaultValue={state.values?.email}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      <Field id="invite-role" label="Role" error={state.fieldErrors?.role}>
        {(aria) => (
          <select
            {...aria}
            name="role"
            defaultValue={state.values?.role ?? "developer"}
            className={cn(inputClass, "mt-1")}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SubmitButton pendingText="Inviting…">Send invitation</SubmitButton>
      <div className="sm:col-span-3">
        <StateMessage state={state.fieldErrors ? idleState : state} />
      </div>
    </form>
  );
}

export function RoleForm({
  accountId,
  membershipId,
  role,
  label,
}: {
  accountId: string;
  membershipId: string;
  role: Role;
  label: string;
}) {
  const [state, action] = useActionState(changeRoleAction.bind(null, accountId, membershipId), idleState);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <label htmlFor={`role-${membershipId}`} className="sr-only">
        Role of {label}
      </label>
      <select id={`role-${membershipId}`} name="role" defaultValue={role} className={cn(inputClass, "w-32")}>
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <SubmitButton pendingText="Saving…" tone="secondary">
        Change
      </SubmitButton>
      <StateMessage state={state} />
    </form>
  );
}

export function RemoveMemberButton({
  accountId,
  membershipId,
  label,
  self,
}: {
  accountId: string;
  membershipId: string;
  label: string;
  self: boolean;
}) {
  const [state, setState] = useState<ActionState>(idleState);
  return (
    <div>
      <ConfirmButton
        label={self ? "Leave" : "Remove"}
        title={self ? "Leave this account?" : `Remove ${label}?`}
        description={
          self
            ? "You lose access to the account's applications at once."
            : "They lose access to the account's applications at once, and every session they have open is signed out."
        }
        confirmLabel={self ? "Leave account" : "Remove member"}
        onConfirm={async () => {
          setState(await removeMemberAction(accountId, membershipId));
        }}
      />
      <StateMessage state={state} />
    </div>
  );
}

export function RevokeInvitationButton({
  accountId,
  invitationId,
  email,
}: {
  accountId: string;
  invitationId: string;
  email: string;
}) {
  const [state, setState] = useState<ActionState>(idleState);
  return (
    <div>
      <ConfirmButton
        label="Withdraw"
        title={`Withdraw the invitation to ${email}?`}
        description="Its link stops working at once."
        confirmLabel="Withdraw invitation"
        onConfirm={async () => {
          setState(await revokeInvitationAction(accountId, invitationId));
        }}
      />
      <StateMessage state={state} />
    </div>
  );
}
