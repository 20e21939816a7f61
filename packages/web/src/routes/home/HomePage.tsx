import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { fetchRequestInfo } from '../../api/requests';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';
import { postToParent } from '../../pin/frameHelper';
import { listAllIdentities } from '../../pin/identities';
import { browserStorage } from '../../state/browserStorage';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { HomeColumns } from './HomeColumns';
import { completesPinStep, homeRedirect } from './homeRedirect';
import { screensCopy } from '../../copy/navigation';

/** / : resumes a sign-in in progress, else greets the signed-in user, else goes to About. */
export function HomePage() {
  const auth = useAuth();
  // The embedded-frame helper (spec: loading screen at /), once per visit. The address is read
  // at the first render: a child <Navigate> runs its effect, and replaces it, before this one.
  const [openedAt] = useState(() => window.location.href);
  useEffect(
    () => postToParent(listAllIdentities(browserStorage('localStorage')), openedAt),
    [openedAt],
  );
  const pinStep = auth.sessionChecked && completesPinStep(auth, auth.nextStep());
  const asked = usePinStepAnswer(pinStep ? auth.requestId : null);
  if (!auth.sessionChecked || (pinStep && !asked)) return <WaitScreen />;

  const destination = homeRedirect(auth, auth.nextStep);
  if (destination !== null) return <Navigate to={destination} replace />;

  return (
    <>
      <PageHeading>{screensCopy.welcome(brand.product)}</PageHeading>
      <p>
        You are signed in{auth.email ? ' as ' : ''}
        {auth.email ? <strong>{auth.email}</strong> : null}.
      </p>
      <HomeColumns />
    </>
  );
}

/**
 * The loading screen's PIN steps: the server's requirements for the request replace the
 * stored ones, so a set-up or login done elsewhere counts as complete. True once answered
 * (or failed: then the stored step stands and / goes to it).
 */
function usePinStepAnswer(requestId: string | null): boolean {
  const { setRequirements } = useAuth();
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    if (requestId === null) return;
    const controller = new AbortController();
    fetchRequestInfo(requestId, { signal: controller.signal })
      .then((info) => setRequirements(info.userRequirements))
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setAnswered(requestId);
      });
    return () => controller.abort();
  }, [requestId, setRequirements]);
  return requestId !== null && answered === requestId;
}
