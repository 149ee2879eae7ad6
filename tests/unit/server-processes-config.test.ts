// The settings of `npm start`'s server processes: how many (WEB_CONCURRENCY) and the Node.js flags
// its cluster workers get (SERVER_NODE_FLAGS over lib/platform/server-node-flags.ts's defaults).
import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { DEFAULT_SERVER_NODE_FLAGS, serverNodeFlags } from "@/lib/platform/server-node-flags";

describe("WEB_CONCURRENCY", () => {
  it("defaults to one server process per core this process may use", () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(os.availableParallelism());
  });

  it("takes a whole number of processes, 1 meaning no cluster", () => {
    expect(parseConfig({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
  });

  it("refuses zero, fractions and words, naming the variable", () => {
    for (const value of ["0", "1.5", "two", "-2"]) {
      expect(() => parseConfig({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
    }
  });
});

describe("SERVER_NODE_FLAGS", () => {
  it("gives the workers the defaults when unset", () => {
    expect(serverNodeFlags(parseConfig({}).SERVER_NODE_FLAGS)).toEqual(DEFAULT_SERVER_NODE_FLAGS);
  });

  it("has defaults this Node.js starts with (CI runs this on Node 24 and 20)", () => {
    const run = spawnSync(process.execPath, [...DEFAULT_SERVER_NODE_FLAGS, "-e", "process.exit(0)"], {
      encoding: "utf8",
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("replaces the defaults with its own flags, and with none when empty", () => {
    const flags = "  --max-semi-space-size=32   --max-old-space-size=512 ";
    expect(serverNodeFlags(parseConfig({ SERVER_NODE_FLAGS: flags }).SERVER_NODE_FLAGS)).toEqual([
      "--max-semi-space-size=32",
      "--max-old-space-size=512",
    ]);
    expect(serverNodeFlags(parseConfig({ SERVER_NODE_FLAGS: "" }).SERVER_NODE_FLAGS)).toEqual([]);
  });

  it("refuses anything that is not a --flag, naming the variable", () => {
    expect(() => parseConfig({ SERVER_NODE_FLAGS: "--max-old-space-size 512" })).toThrow(/SERVER_NODE_FLAGS/);
  });
});
