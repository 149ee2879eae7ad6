// A shell snippet in a dark box that scrolls sideways on its own (never the page), under a small
// bar holding its copy button, so the button never covers the text.
import { CopyButton } from "@/components/ui/copy-button";

/** `caption` names the box (e.g. "Terminal"); `what` finishes the copy button's name ("Copy the start command"). */
export function CodeBlock({ code, caption, what }: { code: string; caption: string; what: string }) {
  return (
    <figure className="mt-2 overflow-hidden rounded-lg bg-slate-900 text-slate-100 shadow-sm">
      <figcaption className="flex min-h-9 items-center justify-between gap-2 border-b border-slate-700 px-4 py-1 text-xs text-slate-300">
        <span>{caption}</span>
        <CopyButton value={code} label={`Copy ${what}`} text="Copy" variant="onDark" />
      </figcaption>
      <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
