// Marks an event (or its delivery) sent from the console's "Send test event", after its name.
import { Badge } from "@/components/ui/badge";

export function TestBadge({ test }: { test: boolean }) {
  if (!test) return null;
  return (
    <>
      {" "}
      <Badge tone="amber">Test</Badge>
    </>
  );
}
