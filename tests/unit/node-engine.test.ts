// The start-up check against package.json's engines.node: refuses versions outside the range with
// one line naming both, and accepts this machine's Node.js (CI runs on it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unsupportedNodeMessage } from "@/lib/platform/process-lifecycle";

const { engines } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
};

describe("the Node.js engine check", () => {
  it("accepts the Node.js running the tests", () => {
    expect(unsupportedNodeMessage(process.versions.node, engines.node)).toBeNull();
  });

  it("refuses an older Node.js with one line that names the range and the version", () => {
    const message = unsupportedNodeMessage("18.20.0", engines.node);
    expect(message).toContain(engines.node);
    expect(message).toContain("18.20.0");
    expect(message?.split("\n")).toHaveLength(1);
    expect(unsupportedNodeMessage("20.18.9", ">=20.19")).not.toBeNull();
    expect(unsupportedNodeMessage("20.19.0", ">=20.19")).toBeNull();
  });
});
