import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export interface BusyButtonProps extends Omit<ButtonProps, 'children'> {
  busy: boolean;
  label: string;
  /** What the button says while its call is under way ('Please wait...'). */
  busyLabel: string;
}

/** A button that reads `busyLabel` with a spinner and is disabled while busy. */
export function BusyButton({
  busy,
  label,
  busyLabel,
  disabled,
  type = 'submit',
  ...props
}: BusyButtonProps) {
  return (
    <Button type={type} disabled={busy || disabled} {...props}>
      {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </Button>
  );
}
