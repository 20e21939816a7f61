import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CheckName, RequestInfo, Requirement, SessionInfo } from '@verity/contracts';
import { fetchSession } from '../api/session';
import { applyAuthAction, snapshotOf, writeSnapshot, type AuthAction } from './authActions';
import { AuthContext, type Auth } from './authContext';
import { browserStorage } from './browserStorage';
import { isStaleUser, signedInEmail } from './signedIn';
import {
  clearAfterLogout,
  clearLogin,
  clearRequest,
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

  /** Applies an auth action to what is stored now, writes it back, and refreshes. */
  const dispatch = useCallback(
    (action: AuthAction) => {
      const before = snapshotOf(readState(session, local));
      writeSnapshot(session, local, applyAuthAction(before, action));
      refresh();
    },
    [session, local, refresh],
  );

  const loginSuccess = useCallback(
    (email: string, userReqs: readonly Requirement[]) => {
      dispatch({ type: 'loginSuccess', email, userReqs });
      // The server has just signed this user in: the navigation bar shows them at once.
      setServerSession({ loggedIn: true, email });
    },
    [dispatch],
  );

  const actions = useMemo(
    () => ({
      loginSuccess,
      completeStep: (requirement: Requirement) => dispatch({ type: 'stepComplete', requirement }),
      secondFactorSuccess: () => dispatch({ type: 'secondFactorSuccess' }),
      setRequirements: (userReqs: readonly Requirement[]) =>
        dispatch({ type: 'requirementsChanged', userReqs }),
      verificationComplete: (check: CheckName) => dispatch({ type: 'verificationComplete', check }),
      verificationFailed: () => dispatch({ type: 'verificationFailed' }),
      assuranceChanged: (assuranceChoice: readonly CheckName[], userReqs: readonly Requirement[]) =>
        dispatch({ type: 'assuranceChanged', assuranceChoice, userReqs }),
    }),
    [dispatch, loginSuccess],
  );

  const clearLoginState = useCallback(() => {
    dispatch({ type: 'logout' });
    setServerSession(signedOut);
  }, [dispatch]);

  const signedOutState = useCallback(() => {
    clearAfterLogout(session);
    setServerSession(signedOut);
    refresh();
  }, [session, refresh]);

  const finishRequest = useCallback(() => {
    clearRequest(session);
    refresh();
  }, [session, refresh]);

  const pendingEmail = useCallback(() => sessionKeys.pendingEmail.get(session), [session]);
  const setPendingEmail = useCallback(
    (email: string | null) => {
      if (email === null) sessionKeys.pendingEmail.clear(session);
      else sessionKeys.pendingEmail.set(session, email);
    },
    [session],
  );

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
      assuranceChoice: stored.assuranceChoice,
      setRequest,
      ...actions,
      refresh,
      clearLogin: clearLoginState,
      signedOut: signedOutState,
      finishRequest,
      pendingEmail,
      setPendingEmail,
      nextStep,
    }),
    [
      stored,
      serverSession,
      sessionChecked,
      setRequest,
      actions,
      refresh,
      clearLoginState,
      signedOutState,
      finishRequest,
      pendingEmail,
      setPendingEmail,
      nextStep,
    ],
  );

  return <AuthContext value={auth}>{children}</AuthContext>;
}
