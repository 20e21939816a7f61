import { PasswordInput } from './PasswordInput';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { isStrongEnough, type StrengthState } from './usePasswordStrength';

/** A new password with the strength meter under it; valid means a score above 2. */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  strength,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  strength: StrengthState;
  /** A message from the server about the password (weak_password). */
  error?: string | null;
}) {
  const meterId = `${id}-strength`;
  const valid = isStrongEnough(strength);
  return (
    <>
      <PasswordInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        autoComplete="new-password"
        isValid={value !== '' && valid}
        isInvalid={Boolean(error)}
        feedback={error ?? undefined}
        describedBy={meterId}
      />
      <PasswordStrengthMeter id={meterId} state={strength} empty={value === ''} />
    </>
  );
}
