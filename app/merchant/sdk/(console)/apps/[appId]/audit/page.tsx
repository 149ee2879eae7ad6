// The application's audit log: who minted or revoked keys, revealed or rotated the secret, changed
// endpoints or replayed deliveries, and when.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listAuditLog } from "@/lib/console/list-audit-log";
import { Badge, EmptyState, PageHeader, Panel, Table, Td, Time } from "../../../../_components/ui";
import { loadApplication } from "../../../../_lib/load-application";

export const metadata: Metadata = { title: "Audit log" };

function describe(detail: unknown): string {
  if (!detail || typeof detail !== "object") return "";
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") || "—" : String(v)}`)
    .join(" · ");
}

export default async function AuditPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const entries = await listAuditLog(prisma(), merchant.id, application.id);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Security-relevant actions on this application, newest first. Both modes are shown."
      />
      <Panel>
        {entries.length === 0 ? (
          <EmptyState title="Nothing recorded yet" />
        ) : (
          <Table caption="Audit log" head={["When", "Action", "Who", "From", "Details"]}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <Td>
                  <Time value={entry.createdAt} />
                </Td>
                <Td>
                  <Badge
                    tone={entry.action.includes("revoked") || entry.action.includes("rotated") ? "amber" : "slate"}
                  >
                    {entry.action}
                  </Badge>
                </Td>
                <Td>{entry.merchant.email}</Td>
                <Td className="font-mono text-xs">{entry.ipAddress ?? "—"}</Td>
                <Td wrap className="text-xs text-slate-600">
                  {describe(entry.detail)}
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
    </>
  );
}
