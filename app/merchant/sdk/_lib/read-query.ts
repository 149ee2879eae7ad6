// The one way a console page reads its query string. Next hands a page every key as sent: a repeated
// key as an array, and any bytes at all, a NUL included, which PostgreSQL's text cannot hold (a
// query given one fails). A page asks for its keys by name and gets one string or nothing for each:
// the first of a repeated key's values, and nothing for a value with a NUL, which could name no row
// and is read like any other unknown filter value or cursor.
export type SearchParams = Record<string, string | string[] | undefined>;

export async function readQuery<const K extends string>(
  searchParams: Promise<SearchParams>,
  keys: readonly K[],
): Promise<{ [P in K]?: string }> {
  const raw = await searchParams;
  const query: { [P in K]?: string } = {};
  for (const key of keys) {
    const sent = raw[key];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (value !== undefined && !value.includes("\u0000")) query[key] = value;
  }
  return query;
}
