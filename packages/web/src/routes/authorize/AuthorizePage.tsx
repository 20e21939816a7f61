import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { WaitScreen } from '../../components/WaitScreen';

/**
 * /authorize: an authorization request sent to the SPA's address goes on to the standard
 * authorization endpoint, with its parameters as they are.
 */
export function AuthorizePage() {
  const { search } = useLocation();
  useEffect(() => {
    window.location.replace(`/oidc/auth${search}`);
  }, [search]);
  return <WaitScreen />;
}
