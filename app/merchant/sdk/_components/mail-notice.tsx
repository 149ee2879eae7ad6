// Tells an account's owners that the service sends no email (a production process without
// SMTP_URL, lib/mail/mail-delivery.ts): resets, invitations and security notices reach nobody.
import type { Role } from "@/lib/console/roles";
import { mailNotSentInProduction } from "@/lib/mail/mail-delivery";

export function MailNotice({
  role,
  settings,
}: {
  role: Role | undefined;
  settings: { NODE_ENV: string; SMTP_URL?: string | undefined };
}) {
  if (role !== "owner" || !mailNotSentInProduction(settings)) return null;
  return (
    <div
      role="status"
      data-testid="mail-notice"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">Email is not being sent.</p>
      <p className="mt-1">
        This deployment has no mail server (<code>SMTP_URL</code> is not set): password resets, invitations and security
        notices are written to files on the server and reach nobody. Ask whoever runs it to set <code>SMTP_URL</code>.
      </p>
    </div>
  );
}
