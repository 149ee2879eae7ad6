// Form fields: a labelled control with its error or hint, the error alone, and a list filter's select.
import { inputClass } from "./input";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
  );
}

/** What Field hands its control: the id, and the invalid / described-by wiring to its error or hint. */
export type FieldAria = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

/**
 * A labelled form control with its error, or else its hint, underneath. The error and hint ids are
 * `${id}-error` and `${id}-hint`, and the control gets the matching aria attributes from `children`.
 */
export function Field({
  id,
  label,
  optional = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  error?: string;
  hint?: React.ReactNode;
  children: (aria: FieldAria) => React.ReactNode;
}) {
  const aria: FieldAria = {
    id,
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional ? (
          <>
            {" "}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        ) : null}
      </label>
      {children(aria)}
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A list filter's choice: a labelled select whose empty value means "any". */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}
