// The checked-in client types are what the OpenAPI document generates now: changing the document
// without running `npm run client:gen` fails CI here.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateOpenApiTypes, OPENAPI_TYPES_FILE } from "@/lib/client/generate-openapi-types";

describe("generated API client types", () => {
  it("match the OpenAPI document (else run npm run client:gen and commit lib/client/openapi-types.ts)", async () => {
    const checkedIn = await readFile(OPENAPI_TYPES_FILE, "utf8");
    const generated = await generateOpenApiTypes();
    expect(checkedIn, "lib/client/openapi-types.ts is stale: run `npm run client:gen`").toBe(generated);
  });
});
