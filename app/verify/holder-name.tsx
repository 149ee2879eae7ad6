// A holder's name as the verify pages show it: isolated (<bdi>), so nothing in it can reorder the
// text around it, and marked when its letters mix alphabets, the sign of a look-alike name
// ("Jоhn" with a Cyrillic о).
import { scriptsOf } from "@/lib/display-name";

export function HolderName({ name }: { name: string }) {
  const scripts = scriptsOf(name);
  return (
    <>
      <bdi>{name}</bdi>
      {scripts.length > 1 ? (
        <span data-testid="mixed-scripts" className="mt-1 block text-xs font-medium text-amber-800">
          ⚠ This name mixes letters from different alphabets ({scripts.join(", ")}): some may only look like others.
          Compare it letter by letter with the name you expect.
        </span>
      ) : null}
    </>
  );
}
