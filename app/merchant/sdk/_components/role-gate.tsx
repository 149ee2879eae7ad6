// Controls the member's role cannot use, shown disabled with the reason rather than refused after a
// click: a disabled <fieldset> disables every form control inside it (links stay links), and the
// reason, the words the refusal would use, is said once beside them and on hover.
export function RoleGate({
  reason,
  id,
  children,
  className,
}: {
  /** From refusalOf(role, permission): null when the role may. */
  reason: string | null;
  /** Names the reason for the controls' aria-describedby; unique on the page. */
  id: string;
  children: React.ReactNode;
  className?: string;
}) {
  if (!reason) return <div className={className}>{children}</div>;
  const reasonId = `${id}-role-reason`;
  return (
    <div className={className}>
      <fieldset
        disabled
        title={reason}
        aria-describedby={reasonId}
        data-testid="role-gate"
        className="min-w-0 opacity-60"
      >
        {children}
      </fieldset>
      <p id={reasonId} data-testid="role-reason" className="mt-2 text-sm text-slate-600">
        {reason}
      </p>
    </div>
  );
}
