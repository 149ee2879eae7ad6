// The second sign-in step's one field: a code from the authenticator app or a recovery code. Both
// ways to reach that step (after a password, after GitHub) ask with it.
import { FieldError } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/input";

export function SecondFactorCodeField({ error, errorId }: { error?: string; errorId: string }) {
  return (
    <div>
      <label htmlFor="code" className="block text-sm font-medium text-slate-700">
        Authentication code
      </label>
      <input
        id="code"
        name="code"
        autoComplete="one-time-code"
        required
        autoFocus
        spellCheck={false}
        className={cn(inputClass, "mt-1 font-mono")}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `code-hint ${errorId}` : "code-hint"}
      />
      <p id="code-hint" className="mt-1.5 text-xs text-slate-500">
        The six-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
