// The receiver examples /webhooks/security shows, read verbatim from lib/webhooks/receiver-examples
// (where tests/integration/webhook-receiver-examples.test.ts runs each one against our deliver()).
// Read once per process (the page renders per request for its CSP nonce), so the page always shows
// the files the tests ran.
import { readFileSync } from "node:fs";
import path from "node:path";

export type SourceFile = { path: string; source: string };

export type ReceiverExample = {
  /** Anchor on the page. */
  id: string;
  language: string;
  file: SourceFile;
  /** How to run it in a project of your own. */
  run: string;
  setup: string;
  /** A second file the example needs, shown after it. */
  companion?: SourceFile & { note: string };
};

const EXAMPLES_DIR = "lib/webhooks/receiver-examples";

// Both reads name their folder or file literally, so the build's file tracer includes exactly these
// files (a fully dynamic path would make it trace the whole project).
function exampleFile(fileName: string): SourceFile {
  return {
    path: `${EXAMPLES_DIR}/${fileName}`,
    source: readFileSync(path.join(process.cwd(), "lib/webhooks/receiver-examples", fileName), "utf8"),
  };
}

function verifyHelperFile(): SourceFile {
  return {
    path: "lib/webhooks/verify.ts",
    source: readFileSync(path.join(process.cwd(), "lib/webhooks/verify.ts"), "utf8"),
  };
}

let examples: ReceiverExample[] | undefined;

export function receiverExamples(): ReceiverExample[] {
  examples ??= readExamples();
  return examples;
}

function readExamples(): ReceiverExample[] {
  return [
    {
      id: "nextjs",
      language: "Next.js (App Router)",
      file: exampleFile("next-route.ts"),
      setup:
        "Save it as app/api/webhooks/route.ts and copy verify.ts (below, node:crypto only) to lib/webhooks/verify.ts, adjusting the import if your @/ alias points elsewhere. Put WEBHOOK_SECRETS in .env.local (your mode's secret; while a rolled one is pending, both, comma-separated) and register https://your-app.example/api/webhooks (or http://localhost:3000/api/webhooks in test mode).",
      run: "npm run dev",
      companion: {
        ...verifyHelperFile(),
        note: "The helper it imports, the same code this service signs with.",
      },
    },
    {
      id: "node",
      language: "Node.js (node:http)",
      file: exampleFile("node-http.mjs"),
      setup: "No dependencies. Node.js 18 or later.",
      run: "WEBHOOK_SECRETS=whsec_current,whsec_pending PORT=4000 node node-http.mjs",
    },
    {
      id: "express",
      language: "Express",
      file: exampleFile("express.mjs"),
      setup:
        "npm install express@5. The route reads the body with express.raw: express.json() would hand you a re-serialized object whose bytes no longer match the signature.",
      run: "WEBHOOK_SECRETS=whsec_current,whsec_pending PORT=4000 node express.mjs",
    },
    {
      id: "python",
      language: "Python",
      file: exampleFile("receiver.py"),
      setup: "Standard library only. Python 3.10 or later.",
      run: "WEBHOOK_SECRETS=whsec_current,whsec_pending PORT=4000 python3 receiver.py",
    },
    {
      id: "go",
      language: "Go",
      file: exampleFile("receiver.go"),
      setup: "Standard library only.",
      run: "WEBHOOK_SECRETS=whsec_current,whsec_pending PORT=4000 go run receiver.go",
    },
  ];
}
