// The one rule for application names, shared by create and rename.
import { nameText } from "@/lib/schemas/name";

export const applicationName = nameText({
  max: 80,
  messages: {
    min: "Give the application a name.",
    max: "Use at most 80 characters.",
    invisible: "Names cannot contain invisible or text-direction control characters (such as U+202E).",
  },
});
