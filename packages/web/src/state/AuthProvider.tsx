import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RequestInfo, SessionInfo } from '@verity/contracts';
import { fetchSession } from '../api/session';
import { AuthContext, type Auth } from './authContext';
import { browserStorage } from './browserStorage';
import { isStaleUser, signedInEmail } from './signedIn';
import {
  clearLogin,
  readState,
  sessionKeys,
  storedNextStep,
  storeRequest,
  type KeyValueStorage,
} from './storage';

export interface Storages {
  session: KeyValueStorage;
  local: KeyValueStorage;
}

const signedOut: SessionInfo = { loggedIn: false, email: null };

export function AuthProvider({ children, storages }: { children: ReactNode; storages?: Storages }) {
  const [{ session, local }] = useState<Storages>(
    () =>
      storages ?? {
        session: browserStorage('sessionStorage'),
        local: browserStorage('localStorage'),
      },
  );
  const [stored, setStored] = useState(() => readState(session, local));
  const [serverSession, setServerSession] = useState<SessionInfo | null>(null);
  const [sessionChecked, setSessionChecked] = useState(false);

  const refresh = useCallback(() => setStored(readState(session, local)), [session, local]);

  useEffect(() => {
    const controller = new AbortController();
    const userBefore = JSON.stringify(sessionKeys.user.get(session));
    async function checkSession() {
      try {
        const answer = await fetchSession({ signal: controller.signal });
        // Leave alone a user stored by this page while the call was under way.
        const userNow = sessionKeys.user.get(session);
        if (JSON.stringify(userNow) === userBefore && isStaleUser(userNow, answer)) {
          clearLogin(session);
        }
        setServerSession(answer);
      } catch {
        // No answer (the server may not offer the call yet): go by what is stored.
        if (controller.signal.aborted) return;
      }
      refresh();
      setSessionChecked(true);
    }
    void checkSession();
    return () => controller.abort();
  }, [session, refresh]);

  const setRequest = useCallback(
    (requestId: string, info: RequestInfo) => {
      storeRequest(session, local, requestId, info);
      setServerSession({ loggedIn: info.loggedIn, email: info.email });
      refresh();
    },
    [session, local, refresh],
  );

  const clearLoginState = useCallback(() => {
    clearLogin(session);
    setServerSession(signedOut);
    refresh();
  }, [session, refresh]);

  const nextStep = useCallback(() => storedNextStep(readState(session, local)), [session, local]);

  const auth = useMemo<Auth>(
    () => ({
      user: stored.user,
      signedIn: Boolean(serverSession?.loggedIn) || stored.user !== null,
      email: signedInEmail(stored.user, serverSession),
      sessionChecked,
      client: stored.client,
      theme: stored.theme,
      requestId: stored.requestId,
      setRequest,
      clearLogin: clearLoginState,
      nextStep,
    }),
    [stored, serverSession, sessionChecked, setRequest, clearLoginState, nextStep],
  );

  return <AuthContext value={auth}>{children}</AuthContext>;
}
