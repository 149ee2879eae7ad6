// API keys of the application's current mode: the list first, with revoke; "Create secret key" opens
// the mint form (scopes, allowlist) in a dialog.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listKeys } from "@/lib/console/list-keys";
import { can, refusalOf, writeIn } from "@/lib/console/roles";
import { SCOPES } from "@/lib/keys/scopes";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { CreateKeyDialog } from "./create-key-dialog";
import { RevokeKeyButton } from "./revoke-key-button";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { maskedKey } from "@/app/merchant/sdk/_lib/masked-key";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, { after }] = await Promise.all([params, readQuery(searchParams, ["after"])]);
  const { merchant, application } = await loadApplication(appId);
  if (!can(application.role, "see_keys"))
    return (
      <>
        <PageHeader title="API keys" />
        <Panel id="keys-list">
          <EmptyState title="Not shown to viewers">
            Your role ({application.role}) shows no API keys, not even part of one. Ask an owner of the account for
            another role.
          </EmptyState>
        </Panel>
      </>
    );
  const page = await listKeys(prisma(), merchant.id, application.id, { after });
  const keys = page.rows;
  const mode = application.consoleLivemode ? "live" : "test";
  // A developer sees live keys but may not change them: the controls are shown disabled, with why.
  const refusal = refusalOf(application.role, writeIn(application.consoleLivemode));
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate your server's calls to <code className="font-mono text-xs">/api/public/sdk/v1</code>.
            Showing <strong>{mode}</strong> keys (<code className="font-mono text-xs">sk_{mode}_</code>); switch mode
            for the others.
          </>
        }
        actions={
          <RoleGate reason={refusal} id="create-key" className="max-w-xs">
            <CreateKeyDialog applicationId={application.id} mode={mode} scopes={SCOPES} />
          </RoleGate>
        }
      />
      <Panel title={`${mode === "live" ? "Live" : "Test"} keys`} id="keys-list">
        {page.unknownCursor ? null : keys.length === 0 ? (
          <EmptyState title={`No ${mode} keys yet`}>
            Create one with “Create secret key”; you will see it once, so keep it somewhere safe.
          </EmptyState>
        ) : (
          <Table
            caption="API keys"
            // eslint-disable-next-line react/jsx-key -- Table renders each heading inside its own keyed <th>
            head={["Key", "Scopes", "Allowlist", "Created", "Last used", <span className="sr-only">Actions</span>]}
          >
            {keys.map((key) => (
              <tr key={key.id} data-testid={`key-row-${key.id}`}>
                <Td wrap>
                  <bdi className="font-medium text-slate-900">{key.name}</bdi>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <code className="font-mono text-xs">{maskedKey(key)}</code>
                    {key.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                  </div>
                </Td>
                <Td wrap>
                  {key.scopes.length === 0 || key.scopes.length === SCOPES.length ? (
                    <span className="text-xs">All scopes</span>
                  ) : (
                    <ul className="flex flex-wrap gap-1">
                      {key.scopes.map((s) => (
                        <li key={s}>
                          <Badge tone="indigo">{s}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
                <Td wrap className="font-mono text-xs">
                  {key.allowedIps.length === 0 ? (
                    <span className="font-sans text-slate-500">Any address</span>
                  ) : (
                    key.allowedIps.join(", ")
                  )}
                </Td>
                <Td>
                  <Time value={key.createdAt} />
                </Td>
                <Td>
                  {key.lastUsedAt ? (
                    <>
                      <Time value={key.lastUsedAt} />
                      {key.lastUsedAddress ? (
                        <div className="mt-0.5 font-mono text-xs text-slate-500">
                          <span className="sr-only">from </span>
                          {key.lastUsedAddress}
                        </div>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-slate-500">Never</span>
                  )}
                </Td>
                <Td>
                  {key.revokedAt ? (
                    <span className="text-xs text-slate-500">
                      Revoked <Time value={key.revokedAt} />
                    </span>
                  ) : (
                    <fieldset disabled={refusal !== null} title={refusal ?? undefined} className="contents">
                      <RevokeKeyButton applicationId={application.id} keyId={key.id} name={key.name} />
                    </fieldset>
                  )}
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <Pager
          path={`/merchant/sdk/apps/${application.id}/keys`}
          after={after}
          nextCursor={page.nextCursor}
          unknownCursor={page.unknownCursor}
          label="API keys"
        />
      </Panel>
    </>
  );
}
