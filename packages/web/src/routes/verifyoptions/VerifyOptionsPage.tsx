import {
  automaticChoice,
  optionTransitionMs,
  shortListLength,
  type CheckName,
  type VerificationInfo,
} from '@verity/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Navigate, useNavigate } from 'react-router';
import { fetchVerification, storeChoice } from '../../api/verification';
import { ErrorScreen } from '../../components/ErrorScreen';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy, optionLabel } from '../../copy/checks';
import { useAuth } from '../../state/authContext';

/**
 * /VerifyOptions: the ways to meet the client's assurance, ranked by the server (fewest
 * checks left first; those needing a check the user cannot do are left out). One distinct
 * check is chosen without asking; the first 3 show, the rest behind 'Show more options >>'.
 * The choice is stored on the server and in the browser, then the screen moves on.
 */
export function VerifyOptionsPage() {
  return (
    <RequireSignedIn>
      <VerifyOptions />
    </RequireSignedIn>
  );
}

type Loaded =
  { status: 'loading' } | { status: 'ready'; info: VerificationInfo } | { status: 'failed' };

function VerifyOptions() {
  const { requestId, client, assuranceChanged, nextStep } = useAuth();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [showAll, setShowAll] = useState(false);
  const [chosen, setChosen] = useState<CheckName[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const choosing = useRef(false);
  const choose = useCallback(
    async (checks: CheckName[]) => {
      if (requestId === null || choosing.current) return;
      choosing.current = true;
      setChosen(checks);
      setMessage(null);
      try {
        const answer = await storeChoice(requestId, checks);
        // A short pause so the user sees which option was taken (spec: transition 1500 ms).
        window.setTimeout(() => {
          assuranceChanged(answer.assuranceChoice, answer.userRequirements);
          void navigate(nextStep(), { replace: true });
        }, optionTransitionMs);
      } catch {
        choosing.current = false;
        setChosen(null);
        setMessage(checksCopy.loadError);
      }
    },
    [requestId, assuranceChanged, navigate, nextStep],
  );

  useEffect(() => {
    if (requestId === null) return;
    const controller = new AbortController();
    fetchVerification(requestId, { signal: controller.signal }).then(
      (info) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'ready', info });
        // One distinct check left: nothing to choose, so it is chosen for the user.
        const only = automaticChoice(info.options);
        if (only) void choose(only);
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [requestId, choose]);

  if (requestId === null) return <Navigate to="/Verify" replace />;
  if (loaded.status === 'loading') {
    return <WaitScreen clientName={client?.clientName} clientLogo={client?.clientLogo} />;
  }
  if (loaded.status === 'failed') return <ErrorScreen />;
  const { options, clientName } = loaded.info;
  const shown = showAll ? options : options.slice(0, shortListLength);

  return (
    <>
      <PageHeading>{checksCopy.optionsTitle}</PageHeading>
      {options.length === 0 ? (
        <>
          <FormAlert message={checksCopy.noOption} variant="warning" />
          <Button variant="outline-secondary" onClick={() => void navigate('/Cancel')}>
            {checksCopy.returnTo(clientName)}
          </Button>
        </>
      ) : (
        <>
          <p className="lead">{checksCopy.optionsIntro(clientName)}</p>
          <ListGroup className="mb-3" style={{ maxWidth: '36rem' }}>
            {shown.map((option) => {
              const label = optionLabel(option.checks);
              const isChosen = chosen !== null && chosen.join() === option.checks.join();
              return (
                <ListGroup.Item
                  key={option.checks.join()}
                  action
                  as="button"
                  type="button"
                  active={isChosen}
                  disabled={chosen !== null}
                  onClick={() => void choose(option.checks)}
                >
                  {label}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
          {!showAll && options.length > shortListLength ? (
            <Button variant="link" className="ps-0" onClick={() => setShowAll(true)}>
              {checksCopy.showMore}
            </Button>
          ) : null}
          {chosen !== null ? (
            <p role="status" className="mt-3">
              {checksCopy.chosen(optionLabel(chosen))}
            </p>
          ) : null}
          <FormAlert message={message} />
          <div className="mt-4">
            <Button variant="link" className="ps-0" onClick={() => void navigate('/Cancel')}>
              {checksCopy.returnTo(clientName)}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
