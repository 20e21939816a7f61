import { useNavigate } from 'react-router';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { CheckOutcome } from './CheckOutcome';
import { useDifferentOption } from './useDifferentOption';

/**
 * The end of a details check (passport, driving licence, card): 'Congratulations, ...' with
 * Continue to the next step, or 'Sorry we have been unable to verify your ...' with a
 * different option.
 */
export function DocumentCheckOutcome({ title, verified }: { title: string; verified: boolean }) {
  const { user, nextStep } = useAuth();
  const navigate = useNavigate();
  const differentOption = useDifferentOption();
  return (
    <CheckOutcome
      title={title}
      verified={verified}
      message={verified ? checksCopy.success(title) : checksCopy.failure(title)}
      continueLabel={checksCopy.continue}
      differentOptionLabel={checksCopy.differentOption}
      onContinue={() => void navigate(user !== null ? nextStep() : '/')}
      onDifferentOption={() => void differentOption()}
    />
  );
}
