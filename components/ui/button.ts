// The console's buttons as class names, so a <button>, a <Link> or a submit button looks the same:
// `buttonVariants({ variant: "secondary" })`.
import { cva, type VariantProps } from "class-variance-authority";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-indigo-600 px-3.5 py-2 text-white shadow-sm hover:bg-indigo-500 focus-visible:ring-indigo-500",
        secondary:
          "border border-slate-300 bg-white px-3.5 py-2 text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-indigo-500",
        danger: "bg-red-600 px-3.5 py-2 text-white shadow-sm hover:bg-red-500 focus-visible:ring-red-500",
        // Smaller and quieter: the row action that opens a confirmation (Revoke, Delete).
        dangerOutline:
          "border border-red-300 bg-white px-3 py-1.5 text-red-700 hover:bg-red-50 focus-visible:ring-red-500",
      },
    },
    defaultVariants: { variant: "primary" },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>["variant"]>;
