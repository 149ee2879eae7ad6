// Makes @upstash/ratelimit's Lua scripts acceptable to a self-hosted Redis and keeps its EVALSHA
// calls hitting the server's script cache.
//
// Platform code. @upstash/ratelimit 2.1+ starts every Lua script with `#!lua
// flags=allow-key-locking`, which only Upstash accepts: Redis 7 answers "Unexpected flag in script
// shebang". No option of the library leaves the flag out, so the line is stripped from EVAL and
// SCRIPT LOAD bodies, and the original script's SHA mapped to the stripped one's for EVALSHA (else
// every call pays a NOSCRIPT round trip). Delete it when @upstash/ratelimit stops sending the flag
// to servers other than Upstash (or Redis accepts it), or with self-hosted Redis support.
import { createHash } from "node:crypto";

// Only Upstash knows this shebang flag; Redis 7 rejects the script with "Unexpected flag".
const UPSTASH_ONLY_FLAG = "allow-key-locking";

export type Rewritten = {
  args: string[];
  /** For SCRIPT LOAD: the SHA the caller computed for its script, to answer with instead of ours. */
  answerSha?: string;
};

export class ScriptRewriter {
  // Original script SHA → SHA of the script Redis actually holds. Bounded by the scripts the
  // libraries ship, since only scripts carrying the Upstash flag are recorded.
  readonly #shas = new Map<string, string>();

  rewrite(args: string[]): Rewritten {
    const [name, first, ...rest] = args;
    if (name === undefined || first === undefined) return { args };
    switch (name?.toLowerCase()) {
      case "eval":
      case "eval_ro":
        return { args: [name, this.#strip(first).script, ...rest] };
      case "evalsha":
      case "evalsha_ro":
        return { args: [name, this.#shas.get(first.toLowerCase()) ?? first, ...rest] };
      case "script": {
        const [script] = rest;
        if (first.toLowerCase() !== "load" || script === undefined) return { args };
        const { script: stripped, originalSha } = this.#strip(script);
        return { args: [name, first, stripped], answerSha: originalSha };
      }
      default:
        return { args };
    }
  }

  #strip(script: string): { script: string; originalSha?: string } {
    const stripped = withoutUpstashFlag(script);
    if (stripped === script) return { script };
    const originalSha = sha1(script);
    this.#shas.set(originalSha, sha1(stripped));
    return { script: stripped, originalSha };
  }
}

function withoutUpstashFlag(script: string): string {
  const eol = script.indexOf("\n");
  const firstLine = eol === -1 ? script : script.slice(0, eol);
  const match = /^#!lua\s+flags=(\S*)\s*$/.exec(firstLine);
  if (!match?.[1]) return script;
  const flags = match[1].split(",");
  const kept = flags.filter((flag) => flag !== UPSTASH_ONLY_FLAG);
  if (kept.length === flags.length) return script;
  const body = eol === -1 ? "" : script.slice(eol + 1);
  // An empty first line instead of the shebang keeps Lua error line numbers matching the source.
  return kept.length === 0 ? `\n${body}` : `#!lua flags=${kept.join(",")}\n${body}`;
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
