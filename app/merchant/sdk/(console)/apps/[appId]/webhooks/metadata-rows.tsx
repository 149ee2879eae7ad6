"use client";
// An endpoint's metadata as key/value rows inside its form: add a row, remove one, at most the API's
// number of keys; sent as repeated metadataKey and metadataValue fields, blank rows ignored. The
// inputs are uncontrolled with their typed text kept as their default, so the reset React gives a form
// after its action leaves a refused form's rows as they were typed.
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";

type Row = { id: number; key: string; value: string };

export function MetadataRows({
  idPrefix,
  initial,
  limits,
  error,
}: {
  idPrefix: string;
  initial: readonly { key: string; value: string }[];
  limits: { keys: number; keyLength: number; valueLength: number };
  error?: string;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    (initial.length > 0 ? initial : [{ key: "", value: "" }]).map((row, id) => ({ id, ...row })),
  );
  const [nextId, setNextId] = useState(rows.length);
  const change = (id: number, field: "key" | "value", value: string) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [field]: value } : row)));
  const errorId = `${idPrefix}-metadata-error`;
  const hintId = `${idPrefix}-metadata-hint`;
  return (
    <fieldset aria-describedby={error ? errorId : hintId}>
      <legend className="text-sm font-medium text-slate-700">
        Metadata <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <p id={hintId} className="text-xs text-slate-500">
        Your own keys and values, returned by the API and never read by the service: up to {limits.keys} keys of{" "}
        {limits.keyLength} characters, values up to {limits.valueLength}.
      </p>
      <ul className="mt-2 space-y-2">
        {rows.map((row, index) => (
          <li key={row.id} className="flex flex-wrap items-center gap-2" data-testid="metadata-row">
            <input
              name="metadataKey"
              aria-label={`Metadata key ${index + 1}`}
              defaultValue={row.key}
              maxLength={limits.keyLength}
              onChange={(e) => change(row.id, "key", e.target.value)}
              placeholder="key"
              aria-invalid={Boolean(error)}
              className={cn(inputClass, "w-40 font-mono text-xs")}
            />
            <input
              name="metadataValue"
              aria-label={`Metadata value ${index + 1}`}
              defaultValue={row.value}
              maxLength={limits.valueLength}
              onChange={(e) => change(row.id, "value", e.target.value)}
              placeholder="value"
              aria-invalid={Boolean(error)}
              className={cn(inputClass, "min-w-0 flex-1 font-mono text-xs")}
            />
            <button
              type="button"
              aria-label={`Remove metadata row ${index + 1}`}
              className={buttonVariants({ variant: "secondary" })}
              onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={cn(buttonVariants({ variant: "secondary" }), "mt-2")}
        disabled={rows.length >= limits.keys}
        onClick={() => {
          setRows((current) => [...current, { id: nextId, key: "", value: "" }]);
          setNextId((id) => id + 1);
        }}
      >
        Add metadata
      </button>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
