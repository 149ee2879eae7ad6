// An HTTP status as the request log shows it: green for success, amber for the client's error, red for ours.
import { Badge } from "@/components/ui/badge";

export function HttpStatusBadge({ status }: { status: number }) {
  return <Badge tone={status >= 500 ? "red" : status >= 400 ? "amber" : "green"}>{status}</Badge>;
}
