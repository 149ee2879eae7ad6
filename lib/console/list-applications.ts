// The merchant's applications for the console's home page, with counts that help pick one.
import type { Db } from "@/lib/db/client";

export async function listApplications(db: Db, merchantId: string) {
  const applications = await db.application.findMany({
    where: { merchantId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      consoleLivemode: true,
      createdAt: true,
      _count: { select: { apiKeys: { where: { revokedAt: null } }, webhookEndpoints: true, wallets: true } },
    },
  });
  return applications.map(({ _count, ...application }) => ({
    ...application,
    activeKeys: _count.apiKeys,
    endpoints: _count.webhookEndpoints,
    wallets: _count.wallets,
  }));
}
