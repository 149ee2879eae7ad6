// Switches which of an application's modes (test or live) one member's console shows. It is that
// member's view alone (docs/decisions/console-mode.md): anyone who may read the application may
// switch it, and no one else's console changes. What a write does is named by its own request
// (mode-write.ts), so switching never changes where a form already on screen writes.
import type { Db } from "@/lib/db/client";
import { requireApplication } from "./require-application";

export async function setMode(db: Db, context: { merchantId: string }, applicationId: string, mode: "test" | "live") {
  await requireApplication(db, context.merchantId, applicationId);
  const livemode = mode === "live";
  // The member's own last choice, where a browser that has made none starts; the browser's own is
  // its cookie (browser-view.ts), which the server action sets.
  await db.consoleView.upsert({
    where: { merchantId_applicationId: { merchantId: context.merchantId, applicationId } },
    create: { merchantId: context.merchantId, applicationId, livemode },
    update: { livemode },
  });
  return { livemode };
}
