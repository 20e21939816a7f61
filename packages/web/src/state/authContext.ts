import { createContext, useContext } from 'react';
import type { CheckName, RequestInfo, Requirement } from '@verity/contracts';
import type { ClientDetails, StoredUser } from './storage';

export interface Auth {
  /** The signed-in user of the request in progress, with what they still have to do. */
  user: StoredUser | null;
  /** Whether anybody is signed in on this browser. */
  signedIn: boolean;
  /** The signed-in e-mail, for the navigation bar and home page. */
  email: string | null;
  /** False until the first answer (or failure) of GET /api/session. */
  sessionChecked: boolean;
  client: ClientDetails | null;
  theme: string;
  requestId: string | null;
  /** The checks the user chose to prove their identity with, in order. */
  assuranceChoice: CheckName[];
  /** Stores a request info answer (spec: request entry). */
  setRequest(requestId: string, info: RequestInfo): void;
  /** Stores the signed-in user and what they still have to do (spec: login success). */
  loginSuccess(email: string, userReqs: readonly Requirement[]): void;
  /** Removes a requirement the user has just met (spec: completing a step). */
  completeStep(requirement: Requirement): void;
  /** Removes loginWithSecondFactor (spec: second-factor success). */
  secondFactorSuccess(): void;
  /** Replaces the outstanding requirements with the server's answer. */
  setRequirements(userReqs: readonly Requirement[]): void;
  /** Removes a passed check from the choice (spec: verification complete). */
  verificationComplete(check: CheckName): void;
  /** Clears the choice (spec: verification failed). */
  verificationFailed(): void;
  /** Stores the server's choice and requirements after a choice or a check. */
  assuranceChanged(assuranceChoice: readonly CheckName[], userReqs: readonly Requirement[]): void;
  /** Re-reads what is stored, recomputing the next step (spec: refresh). */
  refresh(): void;
  /** Forgets the signed-in user and their choices (spec: logout). */
  clearLogin(): void;
  /** Logout: forgets the user and the client's request, everything but hasAccount. */
  signedOut(): void;
  /** Forgets the sign-in request once its response has gone back to the client. */
  finishRequest(): void;
  /** The e-mail waiting for its verification code at /verifyemail, if any. */
  pendingEmail(): string | null;
  setPendingEmail(email: string | null): void;
  /** The next screen for what is stored, read at the moment of the call. */
  nextStep(): string;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth is used outside <AuthProvider>');
  return auth;
}
