// Sign-in and sign-up: a centred card; signed-in merchants go straight to their applications.
import { redirect } from "next/navigation";
import { currentMerchant } from "@/lib/console/session";
import { Brand } from "@/app/merchant/sdk/_components/brand";

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  if (await currentMerchant()) redirect("/merchant/sdk");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-12">
      <div className="mb-8">
        <Brand href="/" />
      </div>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      <p className="mt-6 max-w-sm text-center text-xs text-slate-500">
        Register applications, mint API keys and receive signed webhooks.
      </p>
    </main>
  );
}
