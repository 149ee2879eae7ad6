// One term of a `<dl>` and its value, as the console's detail pages show them.
import { cn } from "./cn";

export function Detail({
  term,
  children,
  className,
  valueClassName,
}: {
  term: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className={cn("mt-1", valueClassName)}>{children}</dd>
    </div>
  );
}
