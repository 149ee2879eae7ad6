// A small rounded label for a status or a kind, in one of a few tones.
import { cva, type VariantProps } from "class-variance-authority";

export const badgeVariants = cva(
  "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
  {
    variants: {
      tone: {
        green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
        red: "bg-red-50 text-red-700 ring-red-600/20",
        amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
        slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
        indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
      },
    },
    defaultVariants: { tone: "slate" },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return <span className={badgeVariants({ tone })}>{children}</span>;
}

/** The tone of a status word: settled ones green, refused or stopped ones red, waiting ones amber. */
export function statusTone(status: string): BadgeTone {
  if (["active", "succeeded", "enabled", "closed"].includes(status)) return "green";
  if (["failed", "canceled", "revoked", "declined", "disabled"].includes(status)) return "red";
  if (["pending", "frozen"].includes(status)) return "amber";
  return "slate";
}
