// The one field where a person chooses a password (sign-up, a reset link, joining by invitation,
// changing it on the account page): the sign-up rules' minimum length said as a hint and checked by
// the browser, and autocomplete="new-password" so password managers offer to generate and save it.
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { MIN_PASSWORD_LENGTH } from "@/lib/console/password-rules";

export function NewPasswordField({
  id = "password",
  name = "password",
  label = "Password",
  error,
}: {
  id?: string;
  name?: string;
  label?: string;
  error?: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          className={cn(inputClass, "mt-1")}
        />
      )}
    </Field>
  );
}
