// The one rule for application names, shared by create and rename.
import { z } from "zod";

export const applicationName = z
  .string()
  .trim()
  .min(1, "Give the application a name.")
  .max(80, "Use at most 80 characters.");
