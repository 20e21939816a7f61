import type { CheckName } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { declineCheck } from '../../api/verification';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { FormAlert } from '../form/FormAlert';

/**
 * 'I do not have a ...': the user says they cannot do this check, so its options are no
 * longer offered (they score 100), and the options are shown again. Only within a request.
 */
export function DeclineButton({ check, document }: { check: CheckName; document: string }) {
  const { requestId, assuranceChanged } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  if (requestId === null) return null;

  async function decline() {
    if (requestId === null) return;
    try {
      const answer = await declineCheck(requestId, check);
      assuranceChanged(answer.assuranceChoice, answer.userRequirements);
      void navigate('/VerifyOptions');
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <Button variant="link" type="button" onClick={() => void decline()}>
        {checksCopy.cannotDo(document)}
      </Button>
      {failed ? <FormAlert message={checksCopy.checkError} /> : null}
    </>
  );
}
