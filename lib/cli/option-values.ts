// Reading parsed command-line option values: the checks every operator command repeats.
import { prisma } from "@/lib/db/client";

export type Values = Record<string, string | boolean | undefined>;

export function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new Error(`--${name} is required`);
  return value;
}

export function optional(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** --mode as test or live; required unless the command has a default. */
export function modeOption(values: Values, fallback?: "test" | "live"): "test" | "live" {
  const mode = fallback === undefined ? required(values, "mode") : (optional(values, "mode") ?? fallback);
  if (mode !== "test" && mode !== "live") throw new Error("--mode must be test or live");
  return mode;
}

/** Fails with a plain message, before any work, when --app names no application. */
export async function requireApplication(applicationId: string): Promise<void> {
  await prisma()
    .application.findUniqueOrThrow({ where: { id: applicationId } })
    .catch(() => {
      throw new Error(`No application ${applicationId}`);
    });
}
