"use client";
// The interactive API reference: RapiDoc (a web component bundled from npm, loaded on demand)
// rendering /api/public/openapi.json inside the page's own flow: its height follows its content,
// so the page scrolls as one (no frame of its own), with system fonts so nothing is fetched from
// elsewhere and the product's one name as the title.
import { useEffect, useRef, useState } from "react";

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
  "schema-style": "table",
  "show-components": "true",
  "sort-endpoints-by": "none",
  // The page's own links (#post-/api/...) steer it; it leaves the address bar alone while scrolling.
  "update-route": "false",
  theme: "light",
  "bg-color": "#ffffff",
  "primary-color": "#4f46e5",
  "regular-font": "ui-sans-serif, system-ui, sans-serif",
  "mono-font": "ui-monospace, SFMono-Regular, Menlo, monospace",
  "load-fonts": "false",
};

type RapiDocElement = HTMLElement & { loadSpec(spec: unknown): Promise<void> };

function isRapiDoc(element: HTMLElement): element is RapiDocElement {
  return "loadSpec" in element && typeof element.loadSpec === "function";
}

export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let element: HTMLElement | undefined;
    let observer: MutationObserver | undefined;
    let cancelled = false;
    (async () => {
      const [document] = await Promise.all([
        fetch("/api/public/openapi.json").then((r) => {
          if (!r.ok) throw new Error(`openapi.json answered ${r.status}`);
          return r.json() as Promise<{ info?: Record<string, unknown> }>;
        }),
        import("rapidoc"),
      ]);
      const host = container.current;
      if (cancelled || !host) return;
      element = window.document.createElement("rapi-doc");
      for (const [name, value] of Object.entries(ATTRIBUTES)) element.setAttribute(name, value);
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
      if (!cancelled) setState("ready");
    })().catch(() => {
      if (!cancelled) setState("failed");
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      element?.remove();
    };
  }, []);

  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm" data-state={state}>
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
    </div>
  );
}
