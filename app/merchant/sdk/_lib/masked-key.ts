// The one way the console shows an API key it no longer has in full: its prefix, four dots and its
// last four characters (`sk_test_••••fTsM`), after its name where one is shown (`backend (sk_test_••••fTsM)`).
export function maskedKey(key: { prefix: string; last4: string }): string {
  return `${key.prefix}••••${key.last4}`;
}

export function keyLabel(key: { name: string; prefix: string; last4: string }): string {
  return `${key.name} (${maskedKey(key)})`;
}
