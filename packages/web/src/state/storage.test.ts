import type { RequestInfo } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import {
  clearAfterLogout,
  clearLogin,
  clearRequest,
  readState,
  sessionKeys,
  storedNextStep,
  storeRequest,
} from './storage';

const info: RequestInfo = {
  sendResponse: false,
  clientName: 'Acme Bank',
  clientLogo: 'https://acme.example/logo.svg',
  assuranceRequired: true,
  sessionLifetime: 900,
  loggedIn: true,
  pinRequired: false,
  theme: 'Acme',
  userRequirements: ['setupProfile', 'consent'],
  registration: 'false',
  externalAuthentication: false,
  email: 'ada@example.com',
  assuranceWays: [['Passport'], ['DrivingLicence', 'KBVL1']],
  themeColours: {
    primary: '#0b6b4f',
    primaryDark: '#5fcf9f',
    onPrimary: '#ffffff',
    onPrimaryDark: '#111418',
  },
};

describe('readState', () => {
  it('reads an empty browser as nobody, no request, default theme', () => {
    expect(readState(memoryStorage(), memoryStorage())).toEqual({
      user: null,
      requestId: null,
      assuranceChoice: [],
      client: null,
      theme: 'default',
      hasAccount: false,
    });
  });

  it('reads values in the formats of the spec', () => {
    const session = memoryStorage({
      user: '{"email":"ada@example.com","userReqs":["consent"]}',
      requestId: 'req_1234567890',
      assuranceChoice: 'Passport,KBVL1',
      clientName: 'Acme Bank',
      assuranceRequired: 'true',
      sessionLifetime: '600',
      pinRequired: 'false',
      theme: 'acme',
    });
    const state = readState(session, memoryStorage({ hasAccount: 'true' }));
    expect(state.user).toEqual({ email: 'ada@example.com', userReqs: ['consent'] });
    expect(state.assuranceChoice).toEqual(['Passport', 'KBVL1']);
    expect(state.client).toEqual({
      clientName: 'Acme Bank',
      clientLogo: null,
      assuranceRequired: true,
      sessionLifetime: 600,
      pinRequired: false,
      assuranceWays: [],
      themeColours: null,
    });
    expect(state.theme).toBe('acme');
    expect(state.hasAccount).toBe(true);
  });

  it('treats damaged values as absent and drops unknown names', () => {
    const session = memoryStorage({
      user: '{not json',
      assuranceChoice: 'Passport,Telepathy',
      sessionLifetime: '-5',
      theme: '"><script>',
      request: '{"sendResponse":"yes"}',
    });
    const state = readState(session, memoryStorage({ hasAccount: 'yes' }));
    expect(state.user).toBeNull();
    expect(state.assuranceChoice).toEqual(['Passport']);
    expect(state.theme).toBe('default');
    expect(state.hasAccount).toBe(false);
    expect(sessionKeys.sessionLifetime.get(session)).toBeNull();
    expect(sessionKeys.request.get(session)).toBeNull();
    const odd = memoryStorage({ user: '{"email":"a@b.c","userReqs":["consent","fly"]}' });
    expect(sessionKeys.user.get(odd)).toEqual({ email: 'a@b.c', userReqs: ['consent'] });
  });
});

describe('storeRequest', () => {
  it('stores the client details and the signed-in user', () => {
    const session = memoryStorage();
    const local = memoryStorage();
    storeRequest(session, local, 'req_1234567890', info);
    const state = readState(session, local);
    expect(state.requestId).toBe('req_1234567890');
    expect(state.client).toEqual({
      clientName: 'Acme Bank',
      clientLogo: 'https://acme.example/logo.svg',
      assuranceRequired: true,
      sessionLifetime: 900,
      pinRequired: false,
      assuranceWays: [['Passport'], ['DrivingLicence', 'KBVL1']],
      themeColours: info.themeColours,
    });
    expect(state.theme).toBe('acme');
    expect(state.user).toEqual({ email: 'ada@example.com', userReqs: ['setupProfile', 'consent'] });
    expect(state.hasAccount).toBe(true);
    expect(sessionKeys.request.get(session)).toEqual(info);
    expect(storedNextStep(state)).toBe('/Profile');
  });

  it('clears the login state when nobody is signed in, keeping hasAccount', () => {
    const session = memoryStorage({ user: '{"email":"x@y.z","userReqs":[]}' });
    const local = memoryStorage({ hasAccount: 'true' });
    storeRequest(session, local, 'req_1234567890', {
      ...info,
      loggedIn: false,
      email: null,
      clientLogo: null,
      sessionLifetime: null,
    });
    const state = readState(session, local);
    expect(state.user).toBeNull();
    expect(state.client?.clientLogo).toBeNull();
    expect(state.client?.sessionLifetime).toBeNull();
    expect(storedNextStep(state)).toBe('/login');
  });

  it('keeps the assurance choice for the same request and drops it for another', () => {
    const session = memoryStorage({ requestId: 'req_1234567890', assuranceChoice: 'Passport' });
    storeRequest(session, memoryStorage(), 'req_1234567890', info);
    expect(sessionKeys.assuranceChoice.get(session)).toEqual(['Passport']);
    storeRequest(session, memoryStorage(), 'req_0987654321', info);
    expect(sessionKeys.assuranceChoice.get(session)).toBeNull();
  });

  it('falls back to the default theme for a name that cannot be a class', () => {
    const session = memoryStorage({ theme: 'acme' });
    storeRequest(session, memoryStorage(), 'req_1234567890', { ...info, theme: 'a b' });
    expect(readState(session, memoryStorage()).theme).toBe('default');
  });
});

describe('clearLogin', () => {
  it('forgets the user and their choice but not the request', () => {
    const session = memoryStorage({
      user: '{"email":"a@b.c","userReqs":[]}',
      assuranceChoice: 'OB',
      requestId: 'req_1234567890',
    });
    clearLogin(session);
    const state = readState(session, memoryStorage());
    expect(state.user).toBeNull();
    expect(state.assuranceChoice).toEqual([]);
    expect(state.requestId).toBe('req_1234567890');
  });
});

describe('clearRequest', () => {
  it('forgets the finished request and its client but keeps the user', () => {
    const session = memoryStorage();
    const local = memoryStorage();
    storeRequest(session, local, 'req_1234567890', info);
    sessionKeys.assuranceChoice.set(session, ['Passport']);
    clearRequest(session);
    const state = readState(session, local);
    expect(state.requestId).toBeNull();
    expect(state.client).toBeNull();
    expect(state.assuranceChoice).toEqual([]);
    expect(sessionKeys.request.get(session)).toBeNull();
    expect(state.user).toEqual({ email: 'ada@example.com', userReqs: ['setupProfile', 'consent'] });
    expect(state.theme).toBe('acme');
  });
});

describe('clearAfterLogout', () => {
  it("forgets the user, the client's request and every flow in progress, not hasAccount", () => {
    const session = memoryStorage();
    const local = memoryStorage();
    storeRequest(session, local, 'req_1234567890', info);
    sessionKeys.assuranceChoice.set(session, ['Passport']);
    sessionKeys.pendingEmail.set(session, 'ada@example.com');
    sessionKeys.returnPath.set(session, '/account/share');
    session.setItem('socialRedirect', '{"state":"s","provider":"google","purpose":"login"}');
    clearAfterLogout(session);
    for (const [name, key] of Object.entries(sessionKeys))
      expect(key.get(session), name).toBeNull();
    expect(session.getItem('socialRedirect')).toBeNull();
    expect(readState(session, local)).toMatchObject({
      user: null,
      requestId: null,
      client: null,
      hasAccount: true,
    });
  });
});

describe('pendingEmail', () => {
  it('keeps the e-mail waiting for its code', () => {
    const session = memoryStorage();
    sessionKeys.pendingEmail.set(session, 'ada@example.com');
    expect(sessionKeys.pendingEmail.get(session)).toBe('ada@example.com');
    sessionKeys.pendingEmail.clear(session);
    expect(sessionKeys.pendingEmail.get(session)).toBeNull();
  });
});
