// Shown while an application page loads.
import { Skeleton } from "../../../_components/ui";

export default function Loading() {
  return <Skeleton rows={6} />;
}
