import { Alert } from '../Alert';
import Button from 'react-bootstrap/Button';
import { PageHeading } from '../PageHeading';

export interface CheckOutcomeProps {
  title: string;
  verified: boolean;
  message: string;
  continueLabel: string;
  differentOptionLabel: string;
  onContinue(): void;
  onDifferentOption(): void;
}

/**
 * The end of an identity check (spec: success with Continue to the next step, failure with a
 * different-option button).
 */
export function CheckOutcome({
  title,
  verified,
  message,
  continueLabel,
  differentOptionLabel,
  onContinue,
  onDifferentOption,
}: CheckOutcomeProps) {
  return (
    <>
      <PageHeading step={verified ? 'passed' : 'failed'}>{title}</PageHeading>
      <Alert variant={verified ? 'success' : 'danger'} role="status" className="mt-3">
        {message}
      </Alert>
      {verified ? (
        <Button onClick={onContinue}>{continueLabel}</Button>
      ) : (
        <Button onClick={onDifferentOption}>{differentOptionLabel}</Button>
      )}
    </>
  );
}
