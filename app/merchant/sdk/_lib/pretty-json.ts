// A body as a console page shows it: JSON indented, anything else (a cut or non-JSON body) as it is.
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
