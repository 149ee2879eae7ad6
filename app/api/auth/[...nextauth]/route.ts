// next-auth's endpoints for the console (sign-in, sign-out, session, CSRF token, OAuth callbacks).
import NextAuth from "next-auth";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address-header";
import { authOptions } from "@/lib/console/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, context: Context) {
  return NextAuth(authOptions({ address: request.headers.get(CLIENT_ADDRESS_HEADER) }))(request, context);
}

export { handler as GET, handler as POST };
