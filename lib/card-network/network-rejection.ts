// A message the lifecycle cannot apply at all: thrown inside its transaction so nothing it began is
// kept, and answered by handleNetworkMessage as a NetworkRejection.
import type { NetworkRejection } from "./network-message";

export class NetworkRejectionError extends Error {
  constructor(
    readonly rejection: NetworkRejection,
    message: string,
  ) {
    super(message);
  }
}

export function reject(rejection: NetworkRejection, message: string): never {
  throw new NetworkRejectionError(rejection, message);
}
