// Sets the device cookie (device-cookie.ts) in the browser that just completed a console sign-in;
// called from next-auth's route, where Next adds cookies set here to next-auth's own response.
import { cookies } from "next/headers";
import { consoleBaseUrl } from "./auth-options";
import { authSecret } from "./auth-secret";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readDeviceCookie, signDeviceCookie } from "./device-cookie";

export async function rememberDevice(merchantId: string): Promise<void> {
  const jar = await cookies();
  // The same browser keeps its device id, so its own count follows it from one sign-in to the next.
  const current = readDeviceCookie(authSecret(), jar.get(DEVICE_COOKIE)?.value);
  jar.set(DEVICE_COOKIE, signDeviceCookie(authSecret(), merchantId, current?.deviceId), {
    httpOnly: true,
    sameSite: "lax",
    // Only sign-in reads it, and every sign-in (password or GitHub) goes through next-auth's routes.
    path: "/api/auth",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    secure: consoleBaseUrl().startsWith("https://"),
  });
}
