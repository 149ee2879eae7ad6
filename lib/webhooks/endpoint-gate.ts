// Keeps one endpoint from taking more than its share of a worker's senders. Each worker process
// sends at most `perEndpoint` requests to one endpoint at a time; while an endpoint is at that cap,
// its jobs are named in graphile-worker's `forbiddenFlags`, so the queue's own fetch leaves them
// where they are and hands this worker other endpoints' jobs instead. A dead endpoint's backlog
// therefore waits in its lane, costing neither senders nor queries, while everything else flows.
import { endpointFlag } from "./enqueue";

/** Sends to one endpoint at once per worker, unless WEBHOOK_ENDPOINT_CONCURRENCY says otherwise. */
export const DEFAULT_ENDPOINT_CONCURRENCY = 4;

export class EndpointGate {
  private readonly inFlight = new Map<string, number>();
  private readonly atCap = new Set<string>();

  constructor(
    readonly perEndpoint: number,
    /** Called when an endpoint at its cap frees a slot, so an idle sender fetches again at once. */
    private readonly onSlotFreed: () => void = () => undefined,
  ) {
    if (!Number.isInteger(perEndpoint) || perEndpoint < 1) throw new Error("perEndpoint must be a positive integer");
  }

  /** Takes a slot for the endpoint, or says no when it already has its share in flight here. */
  tryAcquire(endpointId: string): boolean {
    const count = this.inFlight.get(endpointId) ?? 0;
    if (count >= this.perEndpoint) return false;
    this.inFlight.set(endpointId, count + 1);
    if (count + 1 >= this.perEndpoint) this.atCap.add(endpointFlag(endpointId));
    return true;
  }

  release(endpointId: string): void {
    const count = this.inFlight.get(endpointId) ?? 0;
    if (count <= 1) this.inFlight.delete(endpointId);
    else this.inFlight.set(endpointId, count - 1);
    if (this.atCap.delete(endpointFlag(endpointId))) this.onSlotFreed();
  }

  /** For graphile-worker's `forbiddenFlags`: null (nothing forbidden) keeps its batched fetch. */
  forbiddenFlags(): string[] | null {
    return this.atCap.size === 0 ? null : [...this.atCap];
  }

  sendsInFlight(endpointId: string): number {
    return this.inFlight.get(endpointId) ?? 0;
  }
}
