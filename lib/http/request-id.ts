// One id per request, the same in the x-request-id header, error bodies and log lines:
// scripts/serve.ts mints it before Next.js runs and stamps it into an internal header (over any
// client-sent copy); the route wrappers answer with that id, and mint one only when it is absent
// (handlers called in-process, as tests do).
import { newId } from "@/lib/ids";

export const REQUEST_ID_HEADER = "x-service-request-id";

const REQUEST_ID = /^req_[A-Za-z0-9]{1,64}$/;

export function requestIdOf(request: Request): string {
  const stamped = request.headers.get(REQUEST_ID_HEADER);
  return stamped !== null && REQUEST_ID.test(stamped) ? stamped : newId("req");
}
