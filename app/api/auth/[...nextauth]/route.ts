// next-auth's endpoints for the console (sign-in, sign-out, session, CSRF token, OAuth callbacks).
import NextAuth from "next-auth";
import { callerAddress } from "@/lib/client-address";
import { authOptions } from "@/lib/console/auth-options";
import { rememberDevice } from "@/lib/console/remember-device";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, context: Context) {
  const options = authOptions({
    address: callerAddress((name) => request.headers.get(name)),
    userAgent: request.headers.get("user-agent"),
    rememberDevice,
  });
  return NextAuth(options)(request, context);
}

export { handler as GET, handler as POST };
