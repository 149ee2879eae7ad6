// The zod rule every name a person gives shares (a holder's, an application's, a member's): trimmed,
// and refused, naming its field, when it holds invisible or text-direction control characters
// (lib/display-name.ts says which and why).
import { z } from "zod";
import { findInvisibleCharacter, INVISIBLE_CHARACTER_MESSAGE } from "@/lib/display-name";

/** A trimmed name of `min`..`max` characters with no invisible or bidi control character. */
export function nameText(options: {
  max: number;
  min?: number;
  messages?: { min?: string; max?: string; invisible?: string };
}) {
  const { max, min = 1, messages = {} } = options;
  return z
    .string()
    .trim()
    .min(min, messages.min)
    .max(max, messages.max)
    .refine((value) => findInvisibleCharacter(value) === null, {
      message: messages.invisible ?? INVISIBLE_CHARACTER_MESSAGE,
    });
}
