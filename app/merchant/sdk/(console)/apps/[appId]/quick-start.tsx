// The quick-start snippets, filled in with the application's id and this service's address.
import { CopyButton } from "@/components/ui/copy-button";

export function quickStartSnippets(input: { baseUrl: string; applicationId: string; livemode: boolean }) {
  const mode = input.livemode ? "live" : "test";
  const curl = `# Application ${input.applicationId} (${mode} mode)
export SERVICE_KEY="sk_${mode}_..."   # mint one under API keys

# The Idempotency-Key names this one wallet: run it again and the same wallet comes back.

curl -X POST ${input.baseUrl}/api/public/sdk/v1/wallets \\
  -H "Authorization: Bearer $SERVICE_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: create-wallet-user_123" \\
  -d '{"externalUserId": "user_123", "currency": "USD", "email": "ada@example.com"}'`;
  const typescript = `// Application ${input.applicationId} (${mode} mode)
const baseUrl = "${input.baseUrl}/api/public/sdk/v1";
const key = process.env.SERVICE_KEY!; // sk_${mode}_..., kept on your server

const response = await fetch(\`\${baseUrl}/wallets\`, {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${key}\`,
    "Content-Type": "application/json",
    "Idempotency-Key": crypto.randomUUID(),
  },
  body: JSON.stringify({ externalUserId: "user_123", currency: "USD", email: "ada@example.com" }),
});
const wallet = await response.json();

// Your webhook receiver: verify x-service-signature over the raw body.
import { createHmac, timingSafeEqual } from "node:crypto";
export function verify(rawBody: string, signature: string, secret: string) {
  const expected = createHmac("sha256", secret).update(rawBody).digest("hex");
  return signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}`;
  return { curl, typescript };
}

export function QuickStart(props: { baseUrl: string; applicationId: string; livemode: boolean }) {
  const snippets = quickStartSnippets(props);
  return (
    <div className="space-y-5">
      {(
        [
          ["curl", snippets.curl],
          ["TypeScript", snippets.typescript],
        ] as const
      ).map(([label, code]) => (
        <figure key={label}>
          <div className="mb-2 flex items-center justify-between">
            <figcaption className="text-sm font-medium text-slate-700">{label}</figcaption>
            <CopyButton value={code} label={`Copy ${label}`} />
          </div>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
            <code>{code}</code>
          </pre>
        </figure>
      ))}
    </div>
  );
}
