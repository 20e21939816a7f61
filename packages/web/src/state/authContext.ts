import { createContext, useContext } from 'react';
import type { RequestInfo } from '@verity/contracts';
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
  /** Stores a request info answer (spec: request entry). */
  setRequest(requestId: string, info: RequestInfo): void;
  /** Forgets the signed-in user and their choices (spec: logout). */
  clearLogin(): void;
  /** The next screen for what is stored, read at the moment of the call. */
  nextStep(): string;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth is used outside <AuthProvider>');
  return auth;
}
