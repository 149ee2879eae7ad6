// Step 3 of the SDK pipeline: the key must hold the route's scope and be used from an allowed address.
import { isAddressAllowed } from "@/lib/keys/ip-allowlist";
import { hasScope, type Scope } from "@/lib/keys/scopes";
import type { SdkAuth } from "./authenticate";
import { ApiError } from "./errors";

export function authorize(auth: SdkAuth, scope: Scope, address: string): void {
  if (!hasScope(auth.scopes, scope)) {
    throw new ApiError("scope_missing", `This API key lacks the ${scope} scope needed here.`, {
      extra: { required_scope: scope },
    });
  }
  if (!isAddressAllowed(auth.allowedIps, address)) {
    throw new ApiError("ip_not_allowed", `Requests from ${address} are not allowed for this API key.`);
  }
}
