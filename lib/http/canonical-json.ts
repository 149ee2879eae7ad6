// A stable JSON encoding (keys sorted at every level) so equal request bodies hash equally.
// Iterative, with its own stack, so no nesting depth a body can reach overflows the call stack.

type Work = { text: string } | { value: unknown };

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Last in, first out: each container pushes its closing text, then its members in reverse.
  const stack: Work[] = [{ value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("text" in item) {
      out.push(item.text);
      continue;
    }
    const current = item.value;
    if (Array.isArray(current)) {
      out.push("[");
      stack.push({ text: "]" });
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i] });
        if (i > 0) stack.push({ text: "," });
      }
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push("{");
      stack.push({ text: "}" });
      for (let i = entries.length - 1; i >= 0; i--) {
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- i counts down from entries.length - 1 to 0
        const [key, member] = entries[i]!;
        stack.push({ value: member });
        stack.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(key)}:` });
      }
    } else {
      out.push(JSON.stringify(current) ?? "null");
    }
  }
  return out.join("");
}
