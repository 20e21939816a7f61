import { Alert, type AlertVariant } from '../Alert';

/**
 * A form's message after a call: read out when it appears (role alert). The danger box of
 * the spec for failures.
 */
export function FormAlert({
  message,
  variant = 'danger',
}: {
  message: string | null;
  variant?: AlertVariant;
}) {
  if (message === null) return null;
  return (
    <Alert variant={variant} className="mt-3">
      {message}
    </Alert>
  );
}
