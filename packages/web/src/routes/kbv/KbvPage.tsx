import type { KbvQuestions } from '@verity/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import type { ProfileValues } from '../../api/profile';
import { fetchKbvQuestions, sendKbvAnswers } from '../../api/verification';
import { DynamicForm, type SubmitResult } from '../../components/dynamicForm/DynamicForm';
import { ErrorScreen } from '../../components/ErrorScreen';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { kbvFailure } from './kbvOutcome';

/**
 * /Kbv: knowledge-based questions from the user's credit file. No questions means KBVL1 and
 * KBVL2 are complete; a failure ends in an apology and a Return to the client (/Cancel).
 */
export function KbvPage() {
  return (
    <RequireSignedIn>
      <Kbv />
    </RequireSignedIn>
  );
}

type Screen =
  | { status: 'loading' }
  | { status: 'questions'; kbv: KbvQuestions }
  | { status: 'ended'; message: string }
  | { status: 'error'; message: string | null };

function Kbv() {
  const { requestId, user, clearLogin, assuranceChanged, verificationComplete, nextStep } =
    useAuth();
  const navigate = useNavigate();
  const [screen, setScreen] = useState<Screen>({ status: 'loading' });
  const [load, setLoad] = useState(0);
  const inRequest = user !== null;

  const fail = useCallback(
    (error: unknown) => {
      const failure = kbvFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        void navigate('/login', { replace: true });
      } else if (failure.kind === 'refetch') {
        setLoad((count) => count + 1);
      } else if (failure.kind === 'end') {
        if (inRequest) assuranceChanged([], user.userReqs);
        setScreen({ status: 'ended', message: failure.message });
      } else {
        setScreen({ status: 'error', message: 'message' in failure ? failure.message : null });
      }
    },
    [clearLogin, navigate, inRequest, assuranceChanged, user],
  );

  // What the fetch does with its answer, kept current without fetching again on every change.
  const onQuestions = useRef<(kbv: KbvQuestions) => void>(() => undefined);
  const onFailure = useRef<(error: unknown) => void>(() => undefined);
  useEffect(() => {
    onQuestions.current = (kbv) => {
      if (kbv.questions.length > 0) {
        setScreen({ status: 'questions', kbv });
        return;
      }
      // Nothing to ask: both levels are complete (spec), and the server says what is left.
      verificationComplete('KBVL1');
      verificationComplete('KBVL2');
      if (inRequest) assuranceChanged(kbv.assuranceChoice, kbv.userRequirements);
      void navigate(inRequest ? nextStep() : '/', { replace: true });
    };
    onFailure.current = fail;
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchKbvQuestions({ signal: controller.signal }).then(
      (kbv) => {
        if (!controller.signal.aborted) onQuestions.current(kbv);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) onFailure.current(error);
      },
    );
    return () => controller.abort();
  }, [load]);

  const submit = useCallback(
    async (values: ProfileValues): Promise<SubmitResult> => {
      if (screen.status !== 'questions' || screen.kbv.challengeId === null)
        return { kind: 'failed', message: checksCopy.checkError };
      const answers = Object.fromEntries(
        Object.entries(values).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      try {
        const result = await sendKbvAnswers(screen.kbv.challengeId, answers);
        if (inRequest) assuranceChanged(result.assuranceChoice, result.userRequirements);
        // Success leads to the next step (spec).
        void navigate(inRequest ? nextStep() : '/');
        return { kind: 'done' };
      } catch (error) {
        const failure = kbvFailure(error);
        if (failure.kind === 'refused') return failure;
        if (failure.kind === 'failed') return failure;
        fail(error);
        return { kind: 'done' };
      }
    },
    [screen, inRequest, assuranceChanged, navigate, nextStep, fail],
  );

  if (screen.status === 'loading') return <WaitScreen />;
  if (screen.status === 'error') return <ErrorScreen detail={screen.message} />;
  if (screen.status === 'ended') {
    return (
      <>
        <PageHeading step="ended">{checksCopy.kbvTitle}</PageHeading>
        <FormAlert message={screen.message} />
        {requestId !== null ? (
          <Button onClick={() => void navigate('/Cancel')}>{checksCopy.returnButton}</Button>
        ) : (
          <Button onClick={() => void navigate('/')}>{checksCopy.home}</Button>
        )}
      </>
    );
  }
  return (
    <>
      <PageHeading>{checksCopy.kbvTitle}</PageHeading>
      <Row className="mt-3">
        <Col md={10} lg={8}>
          <p className="lead">{checksCopy.kbvIntro}</p>
          <DynamicForm
            key={screen.kbv.challengeId}
            fields={screen.kbv.questions}
            label={checksCopy.kbvTitle}
            submitLabel={checksCopy.continue}
            busyLabel={checksCopy.verifying}
            onSubmit={submit}
          />
        </Col>
      </Row>
    </>
  );
}
