// GET /api/public/treasury/liabilities/{id}: one published proof-of-liabilities snapshot.
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getLiabilitySnapshot } from "@/lib/liabilities/list-liability-snapshots";
import { getLiabilitySnapshotOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getLiabilitySnapshotOperation, async ({ params }) => ({
    body: await getLiabilitySnapshot(prisma(), params.id),
  })),
);
