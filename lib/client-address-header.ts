// The internal header that carries the caller's socket address: scripts/serve.ts sets it from
// req.socket.remoteAddress after deleting any client-sent copy; lib/http and the console read it.
export const CLIENT_ADDRESS_HEADER = "x-service-client-address";
