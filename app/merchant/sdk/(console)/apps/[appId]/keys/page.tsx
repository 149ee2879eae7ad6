// API keys of the application's current mode: mint with scopes and an allowlist, list, revoke.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listKeys } from "@/lib/console/list-keys";
import { SCOPES } from "@/lib/keys/scopes";
import { Badge, EmptyState, PageHeader, Panel, Table, Td, Time } from "../../../../_components/ui";
import { loadApplication } from "../../../../_lib/load-application";
import { MintKeyForm } from "./mint-key-form";
import { RevokeKeyButton } from "./revoke-key-button";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const keys = await listKeys(prisma(), merchant.id, application.id);
  const mode = application.consoleLivemode ? "live" : "test";
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
      />
      <div className="space-y-6">
        <Panel
          title={`Mint a ${mode} key`}
          id="mint-key"
          description="Name it after where it will live. Untick the scopes it does not need."
        >
          <div className="max-w-2xl">
            <MintKeyForm applicationId={application.id} mode={mode} scopes={SCOPES} />
          </div>
        </Panel>
        <Panel title={`${mode === "live" ? "Live" : "Test"} keys`} id="keys-list">
          {keys.length === 0 ? (
            <EmptyState title={`No ${mode} keys yet`}>
              Mint one with the form; you will see it once, so keep it somewhere safe.
            </EmptyState>
          ) : (
            <Table caption="API keys" head={["Name", "Key", "Scopes", "Allowlist", "Created", "Last used", ""]}>
              {keys.map((key) => (
                <tr key={key.id} data-testid={`key-row-${key.id}`}>
                  <Td>
                    <span className="font-medium text-slate-900">{key.name}</span>
                    <div className="mt-1">
                      {key.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                    </div>
                  </Td>
                  <Td>
                    <code className="font-mono text-xs">
                      {key.prefix}••••{key.last4}
                    </code>
                  </Td>
                  <Td wrap>
                    {key.scopes.length === 0 || key.scopes.length === SCOPES.length ? (
                      <span className="text-xs">All scopes</span>
                    ) : (
                      <ul className="flex max-w-xs flex-wrap gap-1">
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
                    {key.lastUsedAt ? <Time value={key.lastUsedAt} /> : <span className="text-slate-400">Never</span>}
                  </Td>
                  <Td>
                    {key.revokedAt ? (
                      <span className="text-xs text-slate-500">
                        Revoked <Time value={key.revokedAt} />
                      </span>
                    ) : (
                      <RevokeKeyButton applicationId={application.id} keyId={key.id} name={key.name} />
                    )}
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
      </div>
    </>
  );
}
