import type { Requirement } from '@verity/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { StepDone } from '../../api/profile';
import { useAuth } from '../../state/authContext';
import { safeRedirectUrl } from '../../state/redirect';
import { stepOutcome } from './stepOutcome';

/**
 * Moves on after a setup step's answer: back to the client when the step ended the request
 * (http or https only, as /sendresponse does), else stores what is left (the step complete)
 * and goes to the next step. False when the answer's address cannot be followed.
 */
export function useStepDone(step: Requirement): (answer: StepDone) => boolean {
  const { user, setRequirements, finishRequest, nextStep } = useAuth();
  const navigate = useNavigate();
  const signedInHere = user !== null;
  return useCallback(
    (answer: StepDone) => {
      const outcome = stepOutcome(answer, step);
      if (outcome.kind === 'redirect') {
        const url = safeRedirectUrl(outcome.url, window.location.href);
        if (url === null) return false;
        finishRequest();
        window.location.assign(url);
        return true;
      }
      // Signed in, but not through a request this tab knows: nothing to resume.
      if (!signedInHere) {
        void navigate('/');
        return true;
      }
      setRequirements(outcome.userReqs);
      void navigate(nextStep());
      return true;
    },
    [step, signedInHere, setRequirements, finishRequest, nextStep, navigate],
  );
}
