// The caller's IP address as lib/http reads it from a Request (lib/client-address says how).
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "@/lib/client-address";

export function clientAddress(request: Request): string {
  return clientAddressOf(
    request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
    request.headers.get("x-forwarded-for"),
  );
}
