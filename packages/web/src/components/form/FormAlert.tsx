import Alert from 'react-bootstrap/Alert';

/**
 * A form's message after a call: read out when it appears (role alert). The danger box of
 * the spec for failures.
 */
export function FormAlert({
  message,
  variant = 'danger',
}: {
  message: string | null;
  variant?: 'danger' | 'success' | 'warning' | 'info';
}) {
  if (message === null) return null;
  return (
    <Alert variant={variant} role="alert" className="mt-3">
      {message}
    </Alert>
  );
}
