// The application's audit log: who minted or revoked keys, revealed or rolled a signing secret, changed
// endpoints or replayed deliveries, and when.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listAuditLog } from "@/lib/console/list-audit-log";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Audit log" };

function describe(detail: unknown): string {
  if (!detail || typeof detail !== "object") return "";
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") || "—" : String(v)}`)
    .join(" · ");
}

export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, { after }] = await Promise.all([params, readQuery(searchParams, ["after"])]);
  const { merchant, application } = await loadApplication(appId);
  const page = await listAuditLog(prisma(), merchant.id, application.id, { after });
  const entries = page.rows;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Security-relevant actions on this application, newest first. Both modes are shown."
      />
      <Panel>
        {page.unknownCursor ? null : entries.length === 0 ? (
          <EmptyState title="Nothing recorded yet" />
        ) : (
          <Table caption="Audit log" head={["When", "Action", "Who", "Details"]}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <Td>
                  <Time value={entry.createdAt} />
                </Td>
                <Td>
                  <Badge
                    tone={
                      entry.action.includes("revoked") ||
                      entry.action.includes("rotated") ||
                      entry.action.includes("rolled")
                        ? "amber"
                        : "slate"
                    }
                  >
                    {entry.action}
                  </Badge>
                </Td>
                <Td wrap>
                  {entry.merchant ? <bdi>{entry.merchant.email}</bdi> : "The service"}
                  <div className="mt-0.5 font-mono text-xs text-slate-500">
                    <span className="sr-only">from </span>
                    {entry.ipAddress ?? "—"}
                  </div>
                </Td>
                <Td wrap className="w-1/2 text-xs text-slate-600">
                  {describe(entry.detail)}
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <Pager
          path={`/merchant/sdk/apps/${application.id}/audit`}
          after={after}
          nextCursor={page.nextCursor}
          unknownCursor={page.unknownCursor}
          label="Audit log"
        />
      </Panel>
    </>
  );
}
