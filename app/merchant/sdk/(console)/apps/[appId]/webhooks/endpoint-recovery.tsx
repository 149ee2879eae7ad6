"use client";
// An endpoint's recovery from the console: start one (since a time in the member's zone, or the whole
// retention window; missed deliveries only, or every one), cancel the running one, and keep the page
// fresh while one runs so its done/left move on their own.
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { cancelRecoveryAction, startRecoveryAction } from "./actions";

/** How often the page is read again while a recovery runs (it sends at most 10 a second). */
const REFRESH_MS = 1_500;

/** Reads the page again every REFRESH_MS while `running`; renders nothing. */
export function RefreshWhileRunning({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, router]);
  return null;
}

/** The member's local "YYYY-MM-DDTHH:mm" as an ISO time with its offset; "" when it is not a time. */
function isoOfLocal(value: string): string {
  if (!value) return "";
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? "" : time.toISOString();
}

export function RecoverForm({
  applicationId,
  endpointId,
  windowDays,
  disabled,
}: {
  applicationId: string;
  endpointId: string;
  /** The retention window a recovery may reach back over. */
  windowDays: number;
  /** The endpoint is off, or a recovery is running: said beside the button. */
  disabled: string | null;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [from, setFrom] = useState<"since" | "window">("window");
  const [since, setSince] = useState("");
  const [all, setAll] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; sinceError?: string }>();
  const id = useId();
  const sinceId = `${id}-since`;
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const state = await startRecoveryAction(applicationId, endpointId, {
            since: from === "since" ? isoOfLocal(since) : undefined,
            all,
          });
          setResult({
            ok: state.status === "ok",
            message: state.message ?? "",
            sinceError: state.fieldErrors?.since,
          });
          router.refresh();
        });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Re-send the deliveries made</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name="from"
            checked={from === "window"}
            onChange={() => setFrom("window")}
            className="h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-500"
          />
          In the last {windowDays} days (everything still kept)
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="from"
              checked={from === "since"}
              onChange={() => setFrom("since")}
              className="h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-500"
            />
            Since
          </label>
          <label htmlFor={sinceId} className="sr-only">
            Recover since
          </label>
          <input
            id={sinceId}
            type="datetime-local"
            value={since}
            onChange={(e) => {
              setSince(e.target.value);
              setFrom("since");
            }}
            aria-invalid={Boolean(result?.sinceError)}
            aria-describedby={result?.sinceError ? `${sinceId}-error` : `${sinceId}-hint`}
            className={cn(inputClass, "w-60")}
          />
          <span id={`${sinceId}-hint`} className="text-xs text-slate-500">
            Your browser&apos;s time zone.
          </span>
        </div>
        <FieldError id={`${sinceId}-error`} message={result?.sinceError} />
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => setAll(e.target.checked)}
          className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
        />
        Also re-send deliveries that succeeded
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={pending || disabled !== null}
          title={disabled ?? undefined}
          className={buttonVariants({ variant: "secondary" })}
        >
          {pending ? "Starting…" : "Start recovery"}
        </button>
        {disabled ? <span className="text-sm text-slate-600">{disabled}</span> : null}
        <span
          aria-live="polite"
          data-testid="recovery-result"
          className={`text-sm ${result?.ok ? "text-emerald-700" : "text-red-600"}`}
        >
          {result?.sinceError ? null : result?.message}
        </span>
      </div>
    </form>
  );
}

export function CancelRecoveryButton({
  applicationId,
  endpointId,
  recoveryId,
}: {
  applicationId: string;
  endpointId: string;
  recoveryId: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  return (
    <span className="flex flex-col items-start gap-1">
      <button
        type="button"
        disabled={pending}
        className={buttonVariants({ variant: "secondary" })}
        onClick={() =>
          startTransition(async () => {
            const state = await cancelRecoveryAction(applicationId, endpointId, recoveryId);
            setResult({ ok: state.status === "ok", message: state.message ?? "" });
            router.refresh();
          })
        }
      >
        {pending ? "Canceling…" : "Cancel recovery"}
      </button>
      <span
        aria-live="polite"
        data-testid="recovery-cancel-result"
        className={`text-xs ${result?.ok ? "text-emerald-700" : "text-red-600"}`}
      >
        {result?.message}
      </span>
    </span>
  );
}
