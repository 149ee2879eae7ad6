// GET /api/public/treasury/liabilities: the published proof-of-liabilities snapshots, newest first.
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { listLiabilitySnapshots } from "@/lib/liabilities/list-liability-snapshots";
import { listLiabilitySnapshotsOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(listLiabilitySnapshotsOperation, async ({ query }) => ({
    body: await listLiabilitySnapshots(prisma(), query),
  })),
);
