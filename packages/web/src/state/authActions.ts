import type { CheckName, Requirement } from '@verity/contracts';
import {
  localKeys,
  sessionKeys,
  type KeyValueStorage,
  type StoredState,
  type StoredUser,
} from './storage';

/** The part of the stored state the auth actions change (spec: auth session state). */
export interface AuthSnapshot {
  user: StoredUser | null;
  assuranceChoice: CheckName[];
  hasAccount: boolean;
}

/** What a screen tells the auth state (spec, first document, section 4: auth actions). */
export type AuthAction =
  | { type: 'loginSuccess'; email: string; userReqs: readonly Requirement[] }
  | { type: 'stepComplete'; requirement: Requirement }
  | { type: 'secondFactorSuccess' }
  | { type: 'requirementsChanged'; userReqs: readonly Requirement[] }
  | { type: 'verificationComplete'; check: CheckName }
  | { type: 'verificationFailed' }
  | { type: 'logout' }
  | {
      type: 'assuranceChanged';
      assuranceChoice: readonly CheckName[];
      userReqs: readonly Requirement[];
    };

const assuranceRequirements: readonly Requirement[] = [
  'assurance',
  'assuranceProfileCapturePossible',
];

function withoutRequirements(
  user: StoredUser | null,
  removed: readonly Requirement[],
): StoredUser | null {
  if (user === null) return null;
  return { ...user, userReqs: user.userReqs.filter((req) => !removed.includes(req)) };
}

/**
 * The state after an action. Pure: the provider reads the storage, applies this, writes
 * the result back, and recomputes the next step from it (spec: refresh).
 */
export function applyAuthAction(state: AuthSnapshot, action: AuthAction): AuthSnapshot {
  switch (action.type) {
    case 'loginSuccess':
      // Login success stores the e-mail and requirements; this browser now has an account.
      return {
        ...state,
        user: { email: action.email, userReqs: [...new Set(action.userReqs)] },
        hasAccount: true,
      };
    case 'stepComplete':
      return { ...state, user: withoutRequirements(state.user, [action.requirement]) };
    case 'secondFactorSuccess':
      return { ...state, user: withoutRequirements(state.user, ['loginWithSecondFactor']) };
    case 'requirementsChanged':
      // The server answered with what is still outstanding (for example /sendresponse).
      if (state.user === null) return state;
      return { ...state, user: { ...state.user, userReqs: [...new Set(action.userReqs)] } };
    case 'verificationComplete': {
      const assuranceChoice = state.assuranceChoice.filter((check) => check !== action.check);
      if (assuranceChoice.length > 0) return { ...state, assuranceChoice };
      // Nothing left of the choice: assurance is met and the choice is done with.
      return {
        ...state,
        user: withoutRequirements(state.user, assuranceRequirements),
        assuranceChoice: [],
      };
    }
    case 'verificationFailed':
      return { ...state, assuranceChoice: [] };
    case 'logout':
      // hasAccount stays: the browser has still had an account (login rather than sign-up).
      return { ...state, user: null, assuranceChoice: [] };
    case 'assuranceChanged':
      // The server's answer after a choice or a check: its stored choice and what is left.
      return {
        ...state,
        assuranceChoice: [...action.assuranceChoice],
        user:
          state.user === null ? null : { ...state.user, userReqs: [...new Set(action.userReqs)] },
      };
  }
}

export function snapshotOf(state: StoredState): AuthSnapshot {
  return { user: state.user, assuranceChoice: state.assuranceChoice, hasAccount: state.hasAccount };
}

/** Writes a snapshot back to the browser's storage (absent values are removed). */
export function writeSnapshot(
  session: KeyValueStorage,
  local: KeyValueStorage,
  snapshot: AuthSnapshot,
): void {
  if (snapshot.user === null) sessionKeys.user.clear(session);
  else sessionKeys.user.set(session, snapshot.user);
  if (snapshot.assuranceChoice.length === 0) sessionKeys.assuranceChoice.clear(session);
  else sessionKeys.assuranceChoice.set(session, snapshot.assuranceChoice);
  // hasAccount is only ever set: its presence is what the spec's routing reads.
  if (snapshot.hasAccount) localKeys.hasAccount.set(local, true);
}
