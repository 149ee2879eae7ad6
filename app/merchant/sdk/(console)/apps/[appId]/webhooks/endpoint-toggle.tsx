"use client";
// Switches an endpoint on or off.
import { useTransition } from "react";
import { Switch } from "@/components/ui/switch";
import { setEndpointEnabledAction } from "./actions";

export function EndpointToggle({
  applicationId,
  endpointId,
  enabled,
  url,
}: {
  applicationId: string;
  endpointId: string;
  enabled: boolean;
  url: string;
}) {
  const [pending, startTransition] = useTransition();
  return (
    <Switch
      checked={enabled}
      aria-label={`Endpoint ${url} enabled`}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await setEndpointEnabledAction(applicationId, endpointId, !enabled);
        })
      }
    />
  );
}
