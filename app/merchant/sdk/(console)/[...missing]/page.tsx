// Any other address under /merchant/sdk: the console's 404, inside its frame (Next's own 404 page
// knows nothing of the console).
import { notFound } from "next/navigation";

export default function UnknownConsolePage() {
  notFound();
}
