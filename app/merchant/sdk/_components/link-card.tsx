// The centred card of the pages a mailed link opens (confirm an address, an invitation), which
// signed-in and signed-out people both reach, so they sit outside the (auth) and (console) layouts.
import { Brand } from "./brand";

export function LinkCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-12"
    >
      <div className="mb-8">
        <Brand href="/" />
      </div>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </main>
  );
}
