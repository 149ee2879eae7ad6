// `npm run client:gen`: regenerates lib/client/openapi-types.ts from the OpenAPI document, built
// in-process (no server). `npm run client:gen -- --check` changes nothing and exits 1 when the
// checked-in file differs from what the document generates.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateOpenApiTypes, OPENAPI_TYPES_FILE } from "@/lib/client/generate-openapi-types";
import { REPO_ROOT } from "@/lib/db/paths";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const generated = await generateOpenApiTypes();
  const relative = path.relative(REPO_ROOT, OPENAPI_TYPES_FILE);
  const current = await readFile(OPENAPI_TYPES_FILE, "utf8").catch(() => undefined);

  if (values.check) {
    if (current === generated) {
      console.log(`${relative} is up to date with the OpenAPI document.`);
      return;
    }
    console.error(
      current === undefined
        ? `${relative} is missing. Run \`npm run client:gen\` and commit the result.`
        : `${relative} is out of date with the OpenAPI document (lib/openapi/). Run \`npm run client:gen\` and commit the result.`,
    );
    process.exitCode = 1;
    return;
  }

  if (current === generated) {
    console.log(`${relative} is already up to date.`);
    return;
  }
  await writeFile(OPENAPI_TYPES_FILE, generated);
  console.log(`Wrote ${relative}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
