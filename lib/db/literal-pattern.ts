// Prisma's `contains` is a LIKE: escaped, `%` and `_` in what a person typed match only themselves.
export function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
