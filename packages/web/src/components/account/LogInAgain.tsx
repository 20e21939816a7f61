import { useState } from 'react';
import { useLocation } from 'react-router';
import { logoutConfirm } from '../../api/accounts';
import { reloginCopy } from '../../copy/account';
import { browserStorage } from '../../state/browserStorage';
import { clearLogin, sessionKeys } from '../../state/storage';
import { BusyButton } from '../form/BusyButton';
import { FormAlert } from '../form/FormAlert';

/**
 * For an account change that needs a recent login: ends this session and opens /login with
 * this page saved under return, so after the login (and the second factor, when the user has
 * one) they come back here, as the account guard brings them back. A full page load, so no
 * state of the old session stays in memory.
 */
export function LogInAgain() {
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function logInAgain() {
    setBusy(true);
    setFailed(false);
    try {
      await logoutConfirm();
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    const session = browserStorage('sessionStorage');
    clearLogin(session);
    sessionKeys.returnPath.set(session, `${pathname}${search}`);
    window.location.assign('/login');
  }

  return (
    <>
      <BusyButton
        type="button"
        variant="primary"
        busy={busy}
        label={reloginCopy.logInAgain}
        busyLabel={reloginCopy.loggingOut}
        onClick={() => void logInAgain()}
      />
      <FormAlert message={failed ? reloginCopy.failed : null} />
    </>
  );
}
