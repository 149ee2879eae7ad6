// Plain-text output helpers for list commands: aligned columns and compact UTC times.

/** Columns padded to their widest cell, two spaces apart, with a header row. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? "").length)));
  return [headers, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** "2025-01-31 09:05" in UTC, or "-" for never; minutes are enough to tell keys apart in a table. */
export function formatTime(date: Date | null): string {
  return date === null ? "-" : `${date.toISOString().slice(0, 16).replace("T", " ")}`;
}

/** A list shown as "a,b", or what empty means for it ("all", "any"). */
export function formatList(values: readonly string[], whenEmpty: string): string {
  return values.length === 0 ? whenEmpty : values.join(",");
}
