// Masks a holder's name for the public proof check: the first letter of each word, then ***.
export function maskHolderName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0] ?? ""}***`)
    .join(" ");
}
