import { requestIdSchema } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fetchRequestInfo } from '../../api/requests';
import { ErrorScreen } from '../../components/ErrorScreen';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { entryDestination, entryErrorDetail, malformedRequestDetail } from './entryOutcome';

interface Failure {
  requestId: string;
  detail: string | null;
}

/** /requests/:requestId: where a client's sign-in request arrives (spec: request entry). */
export function RequestEntryPage() {
  const { requestId = '' } = useParams();
  const { setRequest, nextStep } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const wellFormed = requestIdSchema.safeParse(requestId).success;

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    fetchRequestInfo(requestId, { signal: controller.signal }).then(
      (info) => {
        if (controller.signal.aborted) return;
        setRequest(requestId, info);
        void navigate(entryDestination(info, nextStep), { replace: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure({ requestId, detail: entryErrorDetail(error) });
      },
    );
    return () => controller.abort();
  }, [requestId, wellFormed, setRequest, nextStep, navigate]);

  if (!wellFormed) return <ErrorScreen detail={malformedRequestDetail} />;
  // A failure belongs to the id it was met with; another id starts over with the wait.
  if (failure?.requestId === requestId) return <ErrorScreen detail={failure.detail} />;
  return <WaitScreen />;
}
