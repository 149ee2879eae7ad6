"use client";
// The interactive API reference: RapiDoc (a web component bundled from npm, loaded on demand)
// rendering /api/public/openapi.json, with system fonts so nothing is fetched from elsewhere.
import { useEffect, useRef, useState } from "react";

export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let element: HTMLElement | undefined;
    import("rapidoc")
      .then(() => {
        if (!container.current) return;
        element = document.createElement("rapi-doc");
        const attributes: Record<string, string> = {
          "spec-url": "/api/public/openapi.json",
          "render-style": "read",
          layout: "column",
          "show-header": "false",
          "allow-server-selection": "false",
          "server-url": window.location.origin,
          "default-api-server": window.location.origin,
          "allow-authentication": "true",
          "schema-style": "table",
          "show-components": "true",
          "sort-endpoints-by": "none",
          theme: "light",
          "primary-color": "#4f46e5",
          "regular-font": "ui-sans-serif, system-ui, sans-serif",
          "mono-font": "ui-monospace, SFMono-Regular, Menlo, monospace",
          "load-fonts": "false",
        };
        for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
        element.style.height = "100%";
        element.style.width = "100%";
        container.current.replaceChildren(element);
      })
      .catch(() => setFailed(true));
    return () => element?.remove();
  }, []);

  return (
    <div ref={container} className="h-[calc(100vh-8rem)] min-h-[480px] w-full" data-testid="api-reference">
      <p className="p-6 text-slate-600">
        {failed
          ? "The reference failed to load; read /api/public/openapi.json directly."
          : "Loading the API reference…"}
      </p>
    </div>
  );
}
