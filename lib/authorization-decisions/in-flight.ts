// Decisions in flight per application and mode, counted in this process (docs/decisions/authorization-decisions.md):
// a spend past the cap gets the endpoint's defaultAction at once (reason overloaded) instead of
// waiting, so an endpoint that hangs ties up at most the cap's worth of requests. One counter per
// application and mode, no shared semaphore: another application's spends never wait on it. With
// WEB_CONCURRENCY n, each process counts its own, so an application may have n times the cap.
const inFlight = new Map<string, number>();

/** Takes a slot, or answers false when `cap` are taken; a true must be paired with releaseDecisionSlot. */
export function tryTakeDecisionSlot(key: string, cap: number): boolean {
  const taken = inFlight.get(key) ?? 0;
  if (taken >= cap) return false;
  inFlight.set(key, taken + 1);
  return true;
}

export function releaseDecisionSlot(key: string): void {
  const taken = inFlight.get(key) ?? 0;
  // Deleted at zero, so the map holds only applications deciding now.
  if (taken <= 1) inFlight.delete(key);
  else inFlight.set(key, taken - 1);
}

/** How many are in flight for a key now (tests and the console's watch). */
export function decisionsInFlight(key: string): number {
  return inFlight.get(key) ?? 0;
}
