// Why a console page failed, as far as the browser can tell, and the way back. In production Next.js
// hides a server error's message, so the error boundary asks the health endpoint instead: while the
// service is briefly unavailable (its database restarting, an instance being replaced) it checks
// again every few seconds and re-renders the page once the service answers.
import { useEffect, useState } from "react";
import { createServiceClient } from "@/lib/client/create-service-client";

export type ServiceState = "checking" | "unavailable" | "available";

/** Without a Retry-After, the wait between checks; with one, it is kept within these bounds. */
const DEFAULT_WAIT_SECONDS = 5;
const MIN_WAIT_SECONDS = 3;
const MAX_WAIT_SECONDS = 30;
/** A check that hangs is a service that is not answering. */
const CHECK_TIMEOUT_MS = 8_000;
/** Ours (503) and a load balancer's with no instance to send to (502, 504). */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

type Check = { up: boolean; waitSeconds: number };

async function checkService(): Promise<Check> {
  // One attempt: this hook does its own waiting and retrying.
  const client = createServiceClient({ baseUrl: window.location.origin, retries: 0 });
  try {
    const { response } = await client.GET("/api/public/health", {
      cache: "no-store",
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return { up: !UNAVAILABLE_STATUSES.has(response.status), waitSeconds: waitSeconds(response) };
  } catch {
    return { up: false, waitSeconds: DEFAULT_WAIT_SECONDS };
  }
}

function waitSeconds(response: Response): number {
  const retryAfter = Number(response.headers.get("retry-after"));
  if (!Number.isFinite(retryAfter) || retryAfter <= 0) return DEFAULT_WAIT_SECONDS;
  return Math.min(MAX_WAIT_SECONDS, Math.max(MIN_WAIT_SECONDS, retryAfter));
}

/**
 * Checks the service when the boundary catches `error`. Unavailable: checks again after a wait,
 * and once it answers calls `retry` (Next re-fetches and re-renders the page); should the page fail
 * again, the boundary hands over a new error and this starts over. Available: the failure is not
 * an outage, and is left to the reader ("Try again").
 */
export function useServiceRecovery(error: unknown, retry: () => void): ServiceState {
  const [state, setState] = useState<ServiceState>("checking");
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasUnavailable = false;
    const check = async () => {
      const { up, waitSeconds } = await checkService();
      if (stopped) return;
      if (up && !wasUnavailable) return setState("available");
      if (up) retry();
      else {
        wasUnavailable = true;
        setState("unavailable");
      }
      // Also after retry(): if the page neither renders nor fails again, the next check retries again.
      timer = setTimeout(check, waitSeconds * 1000);
    };
    // A new error after retry() keeps what is shown until this check says otherwise, not a flash of "checking".
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [error, retry]);
  return state;
}
