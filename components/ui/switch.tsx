// An on/off switch (role="switch", aria-checked): a track and a thumb that slides right when on.
import { cn } from "./cn";

const trackColours = {
  // Off is grey: the thing is simply not on.
  default: { on: "bg-indigo-600", off: "bg-slate-300" },
  // Test mode on is amber, the colour of the test-data banner; off is live data, plain.
  testMode: { on: "bg-amber-500", off: "bg-slate-300" },
};

export function Switch({
  checked,
  tone = "default",
  ...props
}: Omit<React.ComponentProps<"button">, "type" | "role" | "aria-checked" | "className" | "children"> & {
  checked: boolean;
  tone?: keyof typeof trackColours;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60",
        checked ? trackColours[tone].on : trackColours[tone].off,
      )}
      {...props}
    >
      <span
        className={cn(
          "inline-block h-5 w-5 rounded-full bg-white shadow transition",
          checked ? "translate-x-5" : "translate-x-0.5",
        )}
      />
    </button>
  );
}
