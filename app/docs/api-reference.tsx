"use client";
// The interactive API reference: RapiDoc (a web component bundled from npm, loaded on demand)
// rendering /api/public/openapi.json inside the page's own flow: its height follows its content,
// so the page scrolls as one (no frame of its own), in the site's own fonts and colours, with the
// product's one name as the title.
//
// Which operations need a key is said twice: each operation carries a note (slotted into RapiDoc
// under its method and path) naming the key and scope it needs, or that it needs none, and a bar
// at the top of the reference takes the key once for every "Try" (each note's "Enter your key" leads
// there and back) (RapiDoc's own setApiKey, so its
// "Authentication" line turns from "None Applied" to "HTTP Bearer in header"). The key lives in this
// page only: never stored, sent only with the requests "Try" makes to this server.
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { anchorFor } from "./anchor";
import "./reference.css";

// The site's palette (Tailwind's slate and indigo, as the front page uses them) in the hex RapiDoc
// needs to derive its shades.
const ATTRIBUTES: Record<string, string> = {
  "render-style": "read",
  layout: "column",
  "show-header": "false",
  "show-side-nav": "false",
  "show-info": "true",
  "info-description-headings-in-navbar": "false",
  "allow-spec-url-load": "false",
  "allow-spec-file-load": "false",
  "allow-spec-file-download": "false",
  "allow-search": "false",
  "allow-advanced-search": "false",
  "allow-server-selection": "false",
  "allow-authentication": "true",
  // Never keep a key in localStorage.
  "persist-auth": "false",
  "schema-style": "table",
  "show-components": "true",
  "sort-endpoints-by": "none",
  // The page's own links (#post-/api/...) steer it; it leaves the address bar alone while scrolling.
  "update-route": "false",
  theme: "light",
  "bg-color": "#ffffff",
  "text-color": "#0f172a",
  "primary-color": "#4f46e5",
  "load-fonts": "false",
};

/** Used when the page's own fonts cannot be read (they normally are: see siteFonts). */
const FALLBACK_FONTS = {
  regular: "ui-sans-serif, system-ui, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, monospace",
};

/** The fonts the page itself is set in (body text, and the operation list's paths). */
function siteFonts(): { regular: string; mono: string } {
  const regular = getComputedStyle(window.document.body).fontFamily;
  const code = window.document.querySelector('[data-testid="operation-list"] code');
  const mono = code ? getComputedStyle(code).fontFamily : "";
  return { regular: regular || FALLBACK_FONTS.regular, mono: mono || FALLBACK_FONTS.mono };
}

type RapiDocElement = HTMLElement & {
  loadSpec(spec: unknown): Promise<void>;
  setApiKey(securitySchemeId: string, value: string): boolean;
  removeAllSecurityKeys(): void;
};

function isRapiDoc(element: HTMLElement): element is RapiDocElement {
  return "loadSpec" in element && typeof element.loadSpec === "function";
}

type SecurityRequirement = Record<string, string[]>;
type DocumentOperation = { security?: SecurityRequirement[] };
type OpenApiDocument = {
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, DocumentOperation | undefined> | undefined>;
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
};

/** What an operation needs: the bearer scheme with its scopes, or nothing. */
type OperationAccess = { anchor: string; scheme?: string; scopes: string[] };

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Each operation's security as the document declares it (an empty list: a public operation). */
function operationAccess(document: OpenApiDocument): OperationAccess[] {
  const out: OperationAccess[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const requirement = operation.security?.find((r) => Object.keys(r).length > 0);
      const scheme = requirement ? Object.keys(requirement)[0] : undefined;
      out.push({ anchor: anchorFor(method, path), scheme, scopes: scheme ? (requirement?.[scheme] ?? []) : [] });
    }
  }
  return out;
}

/** The document's bearer scheme: the one SDK operations name. */
function bearerSchemeId(document: OpenApiDocument): string | undefined {
  return Object.entries(document.components?.securitySchemes ?? {}).find(
    ([, scheme]) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer",
  )?.[0];
}

const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{40}$/;

type AppliedKey = { mode: "test" | "live"; last4: string };

function KeyBar({
  applied,
  onApply,
  onForget,
  inputRef,
}: {
  applied: AppliedKey | null;
  onApply: (key: string) => string | null;
  onForget: () => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="rounded-t-lg border-b border-slate-200 bg-slate-50/60 px-4 py-3 sm:px-6">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const input = inputRef.current;
          const failure = onApply(input?.value.trim() ?? "");
          setProblem(failure);
          if (!failure && input) input.value = "";
        }}
      >
        <label htmlFor="reference-api-key" className="text-sm font-medium text-slate-900">
          API key for “Try”
        </label>
        <input
          ref={inputRef}
          id="reference-api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="sk_test_…"
          aria-describedby="reference-api-key-help"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2.5 py-1.5 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none sm:max-w-xs"
        />
        <button
          type="submit"
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          Use key
        </button>
        {applied && (
          <button
            type="button"
            onClick={() => {
              onForget();
              setProblem(null);
            }}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            Forget key
          </button>
        )}
        <p role="status" className="w-full text-sm sm:ml-2 sm:w-auto" data-testid="api-key-status">
          {problem ? (
            <span className="text-red-700">{problem}</span>
          ) : applied ? (
            <span className="text-emerald-800">
              Using {applied.mode} key …{applied.last4} for every operation that needs a key
              {applied.mode === "live" ? " (a live key: “Try” changes live data)" : ""}.
            </span>
          ) : (
            <span className="text-slate-600">No key yet: operations that need one answer 401 on “Try”.</span>
          )}
        </p>
      </form>
      <p id="reference-api-key-help" className="mt-1.5 text-xs text-slate-600">
        Operations marked <strong className="font-semibold text-indigo-800">API key</strong> take{" "}
        <code className="font-mono">Authorization: Bearer sk_test_…</code>: a test key from{" "}
        <code className="font-mono">npm run cli -- bootstrap</code> or the console’s Keys page. Those marked{" "}
        <strong className="font-semibold text-slate-800">No key</strong> are public. The key stays in this tab and is
        sent only with “Try” to this server.
      </p>
    </div>
  );
}

/** The note under an operation's method and path: the key and scope it needs, or that it needs none. */
function AccessNote({
  access,
  applied,
  onEnterKey,
}: {
  access: OperationAccess;
  applied: AppliedKey | null;
  onEnterKey: (anchor: string) => void;
}) {
  if (!access.scheme) {
    return (
      <p slot={access.anchor} className="reference-access" data-access="none">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">No key</span>{" "}
        <span className="text-sm text-slate-600">Public: no API key needed (limited per client address).</span>
      </p>
    );
  }
  return (
    <p slot={access.anchor} className="reference-access" data-access="bearer">
      <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-200">
        API key
      </span>{" "}
      <span className="text-sm text-slate-700">
        <code className="font-mono text-[13px]">Authorization: Bearer sk_…</code>
        {access.scopes.length > 0 && (
          <>
            {" "}
            with scope <code className="font-mono text-[13px]">{access.scopes.join(", ")}</code>
          </>
        )}
        .{" "}
        {applied ? (
          <span className="text-emerald-800">Your key …{applied.last4} is used for “Try”.</span>
        ) : (
          <button
            type="button"
            onClick={() => onEnterKey(access.anchor)}
            className="text-indigo-700 underline hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            Enter your key
          </button>
        )}
      </span>
    </p>
  );
}

export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [reference, setReference] = useState<{
    element: RapiDocElement;
    operations: OperationAccess[];
    scheme?: string;
  } | null>(null);
  const [applied, setApplied] = useState<AppliedKey | null>(null);
  // The operation whose "Enter your key" was followed: the page goes back to it once the key is in.
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    let element: HTMLElement | undefined;
    let observer: MutationObserver | undefined;
    let cancelled = false;
    (async () => {
      const [document] = await Promise.all([
        fetch("/api/public/openapi.json").then((r) => {
          if (!r.ok) throw new Error(`openapi.json answered ${r.status}`);
          return r.json() as Promise<OpenApiDocument>;
        }),
        import("rapidoc"),
      ]);
      const host = container.current;
      if (cancelled || !host) return;
      element = window.document.createElement("rapi-doc");
      for (const [name, value] of Object.entries(ATTRIBUTES)) element.setAttribute(name, value);
      const fonts = siteFonts();
      element.setAttribute("regular-font", fonts.regular);
      element.setAttribute("mono-font", fonts.mono);
      element.setAttribute("server-url", window.location.origin);
      element.setAttribute("default-api-server", window.location.origin);
      // RapiDoc sizes an empty parent to the viewport (100vh) unless the parent has a height of its own.
      host.style.height = "auto";
      host.replaceChildren(element);
      if (!isRapiDoc(element)) throw new Error("rapi-doc did not register");
      // RapiDoc draws its content in a focusable <main> of its own; the page already has one, so
      // it becomes a plain container ("none" does not hold on a focusable element), again
      // whenever RapiDoc redraws it.
      const root = element.shadowRoot;
      if (root) {
        const demote = () =>
          root.querySelectorAll("main:not([role])").forEach((m) => m.setAttribute("role", "generic"));
        observer = new MutationObserver(demote);
        observer.observe(root, { childList: true, subtree: true });
        demote();
      }
      await element.loadSpec(document);
      if (cancelled) return;
      setReference({ element, operations: operationAccess(document), scheme: bearerSchemeId(document) });
      setState("ready");
    })().catch(() => {
      if (!cancelled) setState("failed");
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      element?.remove();
    };
  }, []);

  const applyKey = (key: string): string | null => {
    const match = KEY_PATTERN.exec(key);
    if (!match) return "That is not an API key: sk_test_ or sk_live_ and 40 letters and digits.";
    if (!reference?.scheme || !reference.element.setApiKey(reference.scheme, key))
      return "The reference could not take the key.";
    setApplied({ mode: match[1] === "live" ? "live" : "test", last4: key.slice(-4) });
    const anchor = returnTo.current;
    returnTo.current = null;
    if (anchor) {
      const note = Array.from(reference.element.children).find((child) => child.getAttribute("slot") === anchor);
      note?.scrollIntoView({ block: "center" });
    }
    return null;
  };
  const forgetKey = () => {
    reference?.element.removeAllSecurityKeys();
    setApplied(null);
  };
  const enterKey = (anchor: string) => {
    returnTo.current = anchor;
    keyInput.current?.focus();
    keyInput.current?.scrollIntoView({ block: "center" });
  };

  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm" data-state={state}>
      {state === "ready" && <KeyBar applied={applied} onApply={applyKey} onForget={forgetKey} inputRef={keyInput} />}
      {state !== "ready" && (
        <p className="px-6 py-4 text-sm text-slate-600" role="status">
          {state === "failed" ? (
            <>
              The interactive reference failed to load; the operations are listed above, and the whole document is at{" "}
              <a href="/api/public/openapi.json" className="text-indigo-700 underline">
                /api/public/openapi.json
              </a>
              .
            </>
          ) : (
            "Loading the interactive reference…"
          )}
        </p>
      )}
      <div ref={container} className="w-full" data-testid="api-reference" />
      {reference &&
        createPortal(
          reference.operations.map((access) => (
            <AccessNote key={access.anchor} access={access} applied={applied} onEnterKey={enterKey} />
          )),
          reference.element,
        )}
    </div>
  );
}
