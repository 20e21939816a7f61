import type { ProfileField } from '@verity/contracts';
import { useCallback, useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { fetchProfileFields, saveProfile, type ProfileValues } from '../../api/profile';
import { DynamicForm, type SubmitResult } from '../../components/dynamicForm/DynamicForm';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { profileCopy } from '../../copy/profile';
import { useAuth } from '../../state/authContext';
import { loadFailure, stepFailure, type LoadFailure } from './stepOutcome';
import { useStepDone } from './useStepDone';

/** /Profile: 'Your details', the dynamic form of the fields the request needs. */
export function ProfilePage() {
  return (
    <RequireSignedIn>
      <Profile />
    </RequireSignedIn>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; fields: ProfileField[] }
  | { status: 'failed'; failure: LoadFailure };

function Profile() {
  const { clearLogin } = useAuth();
  const navigate = useNavigate();
  const stepDone = useStepDone('setupProfile');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchProfileFields({ signal: controller.signal }).then(
      (fields) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', fields });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = loadFailure(error);
        if (failure.kind === 'login') clearLogin();
        setLoaded({ status: 'failed', failure });
      },
    );
    return () => controller.abort();
  }, [clearLogin]);

  const submit = useCallback(
    async (values: ProfileValues): Promise<SubmitResult> => {
      try {
        const answer = await saveProfile(values);
        if (stepDone(answer)) return { kind: 'done' };
        return { kind: 'failed', message: profileCopy.profileError };
      } catch (error) {
        const failure = stepFailure(error);
        if (failure.kind === 'login') {
          clearLogin();
          void navigate('/login', { replace: true });
          return { kind: 'done' };
        }
        if (failure.kind === 'earlierStep') {
          void navigate(failure.route, { replace: true });
          return { kind: 'done' };
        }
        if (failure.kind === 'refused') return failure;
        return { kind: 'failed', message: profileCopy.profileError };
      }
    },
    [stepDone, clearLogin, navigate],
  );

  if (loaded.status === 'loading') return <WaitScreen />;
  if (loaded.status === 'failed') {
    if (loaded.failure.kind === 'login') return <Navigate to="/login" replace />;
    if (loaded.failure.kind === 'earlierStep')
      return <Navigate to={loaded.failure.route} replace />;
    return <ErrorScreen detail={loaded.failure.detail} />;
  }
  return (
    <>
      <PageHeading>{profileCopy.profileTitle}</PageHeading>
      <Row className="mt-3">
        <Col md={10} lg={8}>
          <p>{loaded.fields.length > 0 ? profileCopy.profileIntro : profileCopy.nothingToAsk}</p>
          <DynamicForm
            fields={loaded.fields}
            label={profileCopy.profileTitle}
            submitLabel={profileCopy.continue}
            busyLabel={profileCopy.saving}
            onSubmit={submit}
          />
        </Col>
      </Row>
    </>
  );
}
