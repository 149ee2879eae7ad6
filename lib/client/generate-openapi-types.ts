// Turns the OpenAPI document into the TypeScript types of lib/client/openapi-types.ts; shared by
// `npm run client:gen` and the unit test that fails CI when the checked-in file is stale.
// Build tooling only (openapi-typescript and prettier are dev dependencies): the client never imports it.
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import * as prettier from "prettier";
import { REPO_ROOT } from "@/lib/db/paths";
import { openApiDocument } from "@/lib/openapi/document";

export const OPENAPI_TYPES_FILE = path.join(REPO_ROOT, "lib", "client", "openapi-types.ts");

const HEADER = `// Generated from the OpenAPI document (lib/openapi/document.ts) by openapi-typescript: do not edit.
// Run \`npm run client:gen\` after changing the document; \`npm test\` fails while this file is stale.

`;

/** The file's full text, formatted by the repository's prettier settings so `npm run format` leaves it alone. */
export async function generateOpenApiTypes(): Promise<string> {
  // As served: the JSON text, so the types describe what clients read (no undefined, no functions).
  const served = JSON.parse(JSON.stringify(openApiDocument()));
  const ast = await openapiTS(served, { silent: true });
  const text = HEADER + astToString(ast);
  const options = await prettier.resolveConfig(OPENAPI_TYPES_FILE);
  return prettier.format(text, { ...options, filepath: OPENAPI_TYPES_FILE });
}
