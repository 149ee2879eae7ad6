// The account page's list of open sessions (started, last seen, address, browser), each with
// "Sign out", and "Sign out everywhere". Ending one is at once: its cookie opens nothing afterwards.
import type { ActiveSession } from "@/lib/console/sessions";
import { browserName } from "@/lib/console/browser-name";
import { Badge } from "@/components/ui/badge";
import { Panel } from "@/components/ui/panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { endSessionAction, signOutEverywhereAction } from "./actions";

export function SessionsPanel({ sessions, currentId }: { sessions: ActiveSession[]; currentId: string | undefined }) {
  return (
    <Panel
      id="sessions"
      title="Sessions"
      description="Where this account is signed in. A session ends 8 hours after sign-in, however active it is."
      actions={
        <form action={signOutEverywhereAction}>
          <SubmitButton tone="dangerOutline" pendingText="Signing out…">
            Sign out everywhere
          </SubmitButton>
        </form>
      }
    >
      <Table
        caption="Sessions"
        head={[
          "Started",
          "Last seen",
          "Address",
          "Browser",
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
      >
        {sessions.map((session) => (
          <tr key={session.id} data-testid="session-row">
            <Td>
              <Time value={session.createdAt} />
            </Td>
            <Td>
              <Time value={session.lastSeenAt} />
            </Td>
            <Td className="font-mono text-xs">{session.ipAddress ?? "—"}</Td>
            <Td>
              {browserName(session.userAgent)}{" "}
              {session.id === currentId ? <Badge tone="green">This session</Badge> : null}
            </Td>
            <Td className="text-right">
              <form action={endSessionAction}>
                <input type="hidden" name="sessionId" value={session.id} />
                <SubmitButton tone="secondary" pendingText="Signing out…">
                  Sign out
                </SubmitButton>
              </form>
            </Td>
          </tr>
        ))}
      </Table>
    </Panel>
  );
}
