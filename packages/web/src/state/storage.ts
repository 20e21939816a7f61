import {
  defaultTheme,
  isCheckName,
  nextStep,
  requestInfoSchema,
  requirements,
  type CheckName,
  type RequestInfo,
  type Requirement,
  type ThemeColours,
} from '@verity/contracts';
import { returnPath } from './returnPath';
import { themeName } from './theme';

/** The part of the Web Storage API the helpers use; tests pass an in-memory stand-in. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The signed-in user of the sign-in request in progress (spec: session user). */
export interface StoredUser {
  email: string;
  userReqs: Requirement[];
}

/** What the client asked for, shown and used by the screens of this request. */
export interface ClientDetails {
  clientName: string;
  clientLogo: string | null;
  assuranceRequired: boolean;
  sessionLifetime: number | null;
  pinRequired: boolean;
  /** The ways to meet its assurance open to a newcomer (request info's assuranceWays). */
  assuranceWays: CheckName[][];
  /** Its theme's colours (request info's themeColours), for this request's pages only. */
  themeColours: ThemeColours | null;
}

/** Everything the browser keeps, read at once (spec, first document, section 3). */
export interface StoredState {
  user: StoredUser | null;
  requestId: string | null;
  assuranceChoice: CheckName[];
  client: ClientDetails | null;
  theme: string;
  hasAccount: boolean;
}

interface Field<T> {
  get(storage: KeyValueStorage): T | null;
  set(storage: KeyValueStorage, value: T): void;
  clear(storage: KeyValueStorage): void;
}

/** A typed storage key. A value that cannot be decoded reads as absent, never throws. */
function field<T>(
  key: string,
  decode: (raw: string) => T | null,
  encode: (value: T) => string,
): Field<T> {
  return {
    get(storage) {
      const raw = storage.getItem(key);
      if (raw === null) return null;
      try {
        return decode(raw);
      } catch {
        return null;
      }
    },
    set: (storage, value) => storage.setItem(key, encode(value)),
    clear: (storage) => storage.removeItem(key),
  };
}

const asText = (raw: string) => raw;
const asFlag = (raw: string) => (raw === 'true' ? true : raw === 'false' ? false : null);
const flagText = (value: boolean) => String(value);

function isRequirement(value: unknown): value is Requirement {
  return (requirements as readonly unknown[]).includes(value);
}

function decodeUser(raw: string): StoredUser | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { email, userReqs } = value as Record<string, unknown>;
  if (typeof email !== 'string' || !Array.isArray(userReqs)) return null;
  return { email, userReqs: userReqs.filter(isRequirement) };
}

function decodeLifetime(raw: string): number | null {
  const seconds = Number(raw);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** sessionStorage keys. */
export const sessionKeys = {
  user: field<StoredUser>('user', decodeUser, JSON.stringify),
  requestId: field('requestId', asText, asText),
  /** The request info answer of the request in progress. */
  request: field<RequestInfo>(
    'request',
    (raw) => requestInfoSchema.safeParse(JSON.parse(raw)).data ?? null,
    JSON.stringify,
  ),
  assuranceChoice: field<CheckName[]>(
    'assuranceChoice',
    (raw) => raw.split(',').filter(isCheckName),
    (checks) => checks.join(','),
  ),
  assuranceRequired: field('assuranceRequired', asFlag, flagText),
  clientName: field('clientName', asText, asText),
  clientLogo: field('clientLogo', asText, asText),
  sessionLifetime: field('sessionLifetime', decodeLifetime, String),
  pinRequired: field('pinRequired', asFlag, flagText),
  theme: field('theme', themeName, asText),
  /** The e-mail waiting for its verification code at /verifyemail, kept across a reload. */
  pendingEmail: field('pendingEmail', asText, asText),
  /** The account page to come back to after logging in (spec: session key return). */
  returnPath: field('return', returnPath, asText),
};

/** localStorage keys: its presence decides login versus sign-up. */
export const localKeys = {
  hasAccount: field('hasAccount', (raw) => raw === 'true', flagText),
};

function readClient(session: KeyValueStorage): ClientDetails | null {
  const clientName = sessionKeys.clientName.get(session);
  if (clientName === null) return null;
  return {
    clientName,
    clientLogo: sessionKeys.clientLogo.get(session),
    assuranceRequired: sessionKeys.assuranceRequired.get(session) ?? false,
    sessionLifetime: sessionKeys.sessionLifetime.get(session),
    pinRequired: sessionKeys.pinRequired.get(session) ?? false,
    assuranceWays: sessionKeys.request.get(session)?.assuranceWays ?? [],
    themeColours: sessionKeys.request.get(session)?.themeColours ?? null,
  };
}

export function readState(session: KeyValueStorage, local: KeyValueStorage): StoredState {
  return {
    user: sessionKeys.user.get(session),
    requestId: sessionKeys.requestId.get(session),
    assuranceChoice: sessionKeys.assuranceChoice.get(session) ?? [],
    client: readClient(session),
    theme: sessionKeys.theme.get(session) ?? defaultTheme,
    hasAccount: localKeys.hasAccount.get(local) ?? false,
  };
}

/** Forgets who is signed in and what they chose (spec: logout clears the login state). */
export function clearLogin(session: KeyValueStorage): void {
  sessionKeys.user.clear(session);
  sessionKeys.assuranceChoice.clear(session);
}

/**
 * Forgets the sign-in request once its response has gone back to the client, so a later
 * visit does not try to finish it again. The signed-in user stays.
 */
export function clearRequest(session: KeyValueStorage): void {
  for (const key of [
    sessionKeys.requestId,
    sessionKeys.request,
    sessionKeys.assuranceChoice,
    sessionKeys.clientName,
    sessionKeys.clientLogo,
    sessionKeys.assuranceRequired,
    sessionKeys.sessionLifetime,
    sessionKeys.pinRequired,
  ]) {
    key.clear(session);
  }
}

/** sessionStorage keys kept outside `sessionKeys`: a social sign-in's redirect in progress. */
const otherSessionKeys = ['socialRedirect'] as const;

/**
 * Logout: forgets everything this tab kept, the client's request included, so the next person
 * at this browser (a shared computer) is not carried into that request's steps. Only
 * `hasAccount` stays (localStorage: this browser has had an account).
 */
export function clearAfterLogout(session: KeyValueStorage): void {
  for (const key of Object.values(sessionKeys)) key.clear(session);
  for (const key of otherSessionKeys) session.removeItem(key);
}

function setOrClear<T>(storage: KeyValueStorage, key: Field<T>, value: T | null): void {
  if (value === null) key.clear(storage);
  else key.set(storage, value);
}

/** Stores a request info answer (spec: request entry). */
export function storeRequest(
  session: KeyValueStorage,
  local: KeyValueStorage,
  requestId: string,
  info: RequestInfo,
): void {
  // A choice made for an earlier request says nothing about this one.
  if (sessionKeys.requestId.get(session) !== requestId) sessionKeys.assuranceChoice.clear(session);
  sessionKeys.requestId.set(session, requestId);
  sessionKeys.request.set(session, info);
  sessionKeys.clientName.set(session, info.clientName);
  setOrClear(session, sessionKeys.clientLogo, info.clientLogo);
  sessionKeys.assuranceRequired.set(session, info.assuranceRequired);
  setOrClear(session, sessionKeys.sessionLifetime, info.sessionLifetime);
  sessionKeys.pinRequired.set(session, info.pinRequired);
  setOrClear(session, sessionKeys.theme, themeName(info.theme));
  if (info.loggedIn) {
    sessionKeys.user.set(session, { email: info.email ?? '', userReqs: info.userRequirements });
    localKeys.hasAccount.set(local, true);
  } else {
    clearLogin(session);
  }
}

/** The next screen for what is stored now (contracts' next-step rules). */
export function storedNextStep(state: StoredState): string {
  return nextStep({
    userRequirements: state.user?.userReqs ?? null,
    assuranceChoice: state.assuranceChoice,
    hasAccount: state.hasAccount,
    requestId: state.requestId,
  });
}
