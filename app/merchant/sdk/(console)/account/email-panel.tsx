"use client";
// Whether the member's address is confirmed (live keys and live endpoints need it), with a button
// that mails a new confirmation link.
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { Badge } from "@/components/ui/badge";
import { Panel } from "@/components/ui/panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { sendVerificationAction } from "./email-actions";

export function EmailPanel({ email, verified }: { email: string; verified: boolean }) {
  const [state, action] = useActionState(sendVerificationAction, idleState);
  return (
    <Panel
      id="email-address"
      title="Email address"
      description={<span className="break-all">{email}</span>}
      actions={
        <div>
          <Badge tone={verified ? "green" : "amber"}>{verified ? "Confirmed" : "Not confirmed"}</Badge>
        </div>
      }
    >
      {verified ? (
        <p className="text-sm text-slate-600">Invitations, password resets and notices are sent here.</p>
      ) : (
        <form action={action} className="space-y-3 text-sm text-slate-600">
          <p>Confirm the address to use live keys and live webhook endpoints: we send a link to it.</p>
          {state.message ? (
            <p
              role={state.status === "error" ? "alert" : "status"}
              className={state.status === "error" ? "text-red-600" : "text-green-700"}
            >
              {state.message}
            </p>
          ) : null}
          <SubmitButton pendingText="Sending…" tone="secondary">
            Send a confirmation link
          </SubmitButton>
        </form>
      )}
    </Panel>
  );
}
