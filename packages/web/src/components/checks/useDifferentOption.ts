import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storeChoice } from '../../api/verification';
import { useAuth } from '../../state/authContext';

/**
 * 'Choose a different option': the stored choice is removed (on the server too), then
 * /VerifyOptions; without a sign-in request, the fixed list at /Verify.
 */
export function useDifferentOption(): () => Promise<void> {
  const { requestId, verificationFailed } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    verificationFailed();
    if (requestId === null) {
      void navigate('/Verify');
      return;
    }
    try {
      await storeChoice(requestId, []);
    } catch {
      // The options screen reads the server's choice again and offers the options anyway.
    }
    void navigate('/VerifyOptions');
  }, [requestId, verificationFailed, navigate]);
}
