// Tells an account's owners and admins that the delivery engine turned one of their endpoints off
// after it kept failing (docs/decisions/endpoint-health.md), as Stripe emails it: queued in the
// transaction that disables the endpoint.
import type { Prisma } from "@/lib/generated/prisma/client";
import { consoleLink, MAIL_SIGNATURE } from "@/lib/mail/console-link";
import { queueMail } from "@/lib/mail/queue-mail";

export async function mailEndpointDisabled(
  tx: Prisma.TransactionClient,
  input: { applicationId: string; endpointId: string; url: string; livemode: boolean; reason: string },
): Promise<void> {
  const application = await tx.application.findUniqueOrThrow({
    where: { id: input.applicationId },
    select: {
      name: true,
      account: {
        select: {
          members: { where: { role: { in: ["owner", "admin"] } }, select: { merchant: { select: { email: true } } } },
        },
      },
    },
  });
  const link = consoleLink(`/apps/${input.applicationId}/webhooks/endpoints/${input.endpointId}`);
  for (const { merchant } of application.account.members) {
    if (merchant.email.endsWith("@users.noreply.github.com")) continue;
    await queueMail(tx, {
      to: merchant.email,
      subject: `Webhook endpoint disabled: ${application.name}`,
      text: `We stopped sending webhooks to the ${input.livemode ? "live" : "test"} endpoint ${input.url} of ${application.name}: ${input.reason}\n\nNew events wait for it. Fix the receiver, then enable the endpoint again here; its waiting deliveries resume:\n\n${link}${MAIL_SIGNATURE}`,
      link,
    });
  }
}
