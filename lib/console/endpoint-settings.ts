// An endpoint's description, metadata and throttle as the console's form gives them (text, and
// metadata as key/value rows), checked against the API's own limits (lib/schemas/webhook-endpoint.ts)
// so the console takes what the API takes; each refusal is said next to its field.
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_PER_SECOND_RANGE,
  METADATA_LIMITS,
  metadataInputSchema,
} from "@/lib/schemas/webhook-endpoint";
import { findNulCharacter } from "@/lib/nul-character";
import { ConsoleError } from "./errors";

export type MetadataRow = { key: string; value: string };

/** The limits the form shows and holds its inputs to (the server checks them again). */
export const ENDPOINT_FORM_LIMITS = {
  descriptionLength: DESCRIPTION_MAX_LENGTH,
  metadata: METADATA_LIMITS,
  maxPerSecond: MAX_PER_SECOND_RANGE,
} as const;

export type EndpointFormLimits = typeof ENDPOINT_FORM_LIMITS;

/** What the form sends; an absent field is left as it is (an edit) or takes its default (a new endpoint). */
export type EndpointSettingsInput = {
  description?: string;
  metadata?: readonly MetadataRow[];
  /** Empty: no limit. */
  maxPerSecond?: string;
};

export type EndpointSettings = {
  description?: string | null;
  metadata?: Record<string, string>;
  maxPerSecond?: number | null;
};

function readDescription(input: string): string | null {
  const description = input.trim();
  if (description.length > DESCRIPTION_MAX_LENGTH)
    throw ConsoleError.field("description", `Keep the description to ${DESCRIPTION_MAX_LENGTH} characters.`);
  return description || null;
}

function readMetadata(rows: readonly MetadataRow[]): Record<string, string> {
  const metadata: Record<string, string> = {};
  // A row left blank is no row: the form always offers an empty one.
  for (const { key: rawKey, value } of rows.filter((row) => row.key.trim() || row.value)) {
    const key = rawKey.trim();
    if (!key) throw ConsoleError.field("metadata", "Give each metadata value a key.");
    if (key.length > METADATA_LIMITS.keyLength)
      throw ConsoleError.field(
        "metadata",
        `Metadata key "${key}" is longer than ${METADATA_LIMITS.keyLength} characters.`,
      );
    if (value.length > METADATA_LIMITS.valueLength)
      throw ConsoleError.field(
        "metadata",
        `The value of metadata key "${key}" is longer than ${METADATA_LIMITS.valueLength} characters.`,
      );
    if (Object.hasOwn(metadata, key)) throw ConsoleError.field("metadata", `Metadata key "${key}" is given twice.`);
    metadata[key] = value;
  }
  if (Object.keys(metadata).length > METADATA_LIMITS.keys)
    throw ConsoleError.field("metadata", `An endpoint holds at most ${METADATA_LIMITS.keys} metadata keys.`);
  // The API's schema has the last word, should the two ever part.
  const checked = metadataInputSchema.safeParse(metadata);
  if (!checked.success) throw ConsoleError.field("metadata", checked.error.issues[0]?.message ?? "Check the metadata.");
  return checked.data;
}

function readMaxPerSecond(input: string): number | null {
  const text = input.trim();
  if (!text) return null;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= MAX_PER_SECOND_RANGE.min && value <= MAX_PER_SECOND_RANGE.max))
    throw ConsoleError.field(
      "maxPerSecond",
      `Enter a whole number from ${MAX_PER_SECOND_RANGE.min} to ${MAX_PER_SECOND_RANGE.max}, or leave it empty for no limit.`,
    );
  return value;
}

export function readEndpointSettings(input: EndpointSettingsInput): EndpointSettings {
  // PostgreSQL stores no U+0000 in text or jsonb: refused on its field rather than failing the write.
  const nul = findNulCharacter({
    description: input.description,
    metadata: input.metadata,
    maxPerSecond: input.maxPerSecond,
  });
  if (nul) throw ConsoleError.field(nul[0] ?? "form", "This value contains a NUL character, which cannot be stored.");
  return {
    ...(input.description !== undefined && { description: readDescription(input.description) }),
    ...(input.metadata !== undefined && { metadata: readMetadata(input.metadata) }),
    ...(input.maxPerSecond !== undefined && { maxPerSecond: readMaxPerSecond(input.maxPerSecond) }),
  };
}

/** The metadata rows of a form (repeated `metadataKey` and `metadataValue` fields, in order). */
export function metadataRowsOf(keys: readonly string[], values: readonly string[]): MetadataRow[] {
  return keys.map((key, index) => ({ key, value: values[index] ?? "" }));
}
