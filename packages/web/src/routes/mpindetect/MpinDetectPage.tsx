import { Navigate } from 'react-router';
import { listIdentities } from '../../pin/identities';
import { browserStorage } from '../../state/browserStorage';
import { sessionKeys } from '../../state/storage';

/**
 * /mpindetect: PIN login when this browser holds a usable identity for the client of the
 * request in progress, else PIN set-up (which sends a signed-out user to log in first).
 */
export function MpinDetectPage() {
  const customerId = sessionKeys.request.get(browserStorage('sessionStorage'))?.clientId;
  const saved = customerId
    ? listIdentities(browserStorage('localStorage'), customerId).some(
        (identity) => identity.state === 'REGISTERED',
      )
    : false;
  return <Navigate to={saved ? '/mpinlogin' : '/mpinsetup'} replace />;
}
