// The payload schema version history from lib/schema-versions.json, checked once at load: the one
// source for the current version (lib/version.ts, next.config.mjs) and for /webhooks/security.
import { z } from "zod";
import file from "./schema-versions.json";

const payloadChangeSchema = z.object({
  /** The envelope or an event kind. */
  payload: z.string().min(1),
  change: z.string().min(1),
  /** What a receiver does to handle the new shape (and, during the switch, both). */
  migration: z.string().min(1),
  before: z.string().optional(),
  after: z.string().optional(),
});

/** A field that started being sent within a version: nothing a receiver relied on changed, so no new version. */
const additionSchema = z.object({
  added: z.iso.date(),
  /** The envelope, an event kind, or an API response. */
  payload: z.string().min(1),
  change: z.string().min(1),
  /** What a receiver can do with it; never something it must do. */
  migration: z.string().min(1),
});

const schemaVersionSchema = z.object({
  version: z.string().regex(/^\d+\.\d+$/),
  status: z.enum(["current", "supported", "retired"]),
  released: z.iso.date(),
  /** The version this one replaces; null for the first published version. */
  previous: z.string().nullable(),
  summary: z.string().min(1),
  payloads: z.array(z.object({ payload: z.string().min(1), description: z.string().min(1) })),
  /** Per-payload differences from `previous`; rendered as this version's migration guide. */
  changes: z.array(payloadChangeSchema),
  /** Oldest first; absent in entries written before additions were recorded. */
  additions: z.array(additionSchema).default([]),
});

const schemaVersionsFileSchema = z
  .object({ about: z.string(), versions: z.array(schemaVersionSchema).min(1) })
  .refine((f) => f.versions.filter((v) => v.status === "current").length === 1, {
    message: "exactly one version must have status current",
  })
  .refine((f) => f.versions[0]?.status === "current", { message: "the current version must come first" })
  // ISO dates compare as strings.
  .refine((f) => f.versions.every((v) => v.additions.every((a) => a.added >= v.released)), {
    message: "an addition cannot predate its version's release",
  });

export type SchemaVersion = z.output<typeof schemaVersionSchema>;

/** Newest first. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = schemaVersionsFileSchema.parse(file).versions;

export const CURRENT_SCHEMA_VERSION: SchemaVersion = currentOf(SCHEMA_VERSIONS);

function currentOf(versions: readonly SchemaVersion[]): SchemaVersion {
  const current = versions.find((v) => v.status === "current");
  if (!current) throw new Error("lib/schema-versions.json has no current version");
  return current;
}
