import { nextStep, type CheckName, type Requirement } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { applyAuthAction, writeSnapshot, type AuthAction, type AuthSnapshot } from './authActions';
import { memoryStorage } from './memoryStorage';
import { readState } from './storage';

const ada = (...userReqs: Requirement[]) => ({ email: 'ada@example.com', userReqs });
const snapshot = (
  user: AuthSnapshot['user'],
  assuranceChoice: CheckName[] = [],
  hasAccount = true,
): AuthSnapshot => ({ user, assuranceChoice, hasAccount });

describe('applyAuthAction', () => {
  it.each<[string, AuthSnapshot, AuthAction, AuthSnapshot]>([
    [
      'login success stores the user and marks the browser as having an account',
      snapshot(null, [], false),
      { type: 'loginSuccess', email: 'ada@example.com', userReqs: ['consent', 'consent'] },
      snapshot(ada('consent'), [], true),
    ],
    [
      'login success replaces an earlier user',
      snapshot({ email: 'bob@example.com', userReqs: ['setupProfile'] }, ['Passport']),
      { type: 'loginSuccess', email: 'ada@example.com', userReqs: [] },
      snapshot(ada(), ['Passport']),
    ],
    [
      "the server's choice and requirements after a check replace what is stored",
      snapshot(ada('assurance', 'consent'), ['Passport', 'KBVL1']),
      { type: 'assuranceChanged', assuranceChoice: ['KBVL1'], userReqs: ['assurance', 'consent'] },
      snapshot(ada('assurance', 'consent'), ['KBVL1']),
    ],
    [
      'an empty choice from the server clears it, nobody signed in stays so',
      snapshot(null, ['Passport']),
      { type: 'assuranceChanged', assuranceChoice: [], userReqs: ['consent'] },
      snapshot(null, []),
    ],
    [
      'completing a step removes it',
      snapshot(ada('setupProfile', 'consent')),
      { type: 'stepComplete', requirement: 'setupProfile' },
      snapshot(ada('consent')),
    ],
    [
      'completing a step nobody is signed in for changes nothing',
      snapshot(null),
      { type: 'stepComplete', requirement: 'consent' },
      snapshot(null),
    ],
    [
      'second-factor success removes loginWithSecondFactor',
      snapshot(ada('loginWithSecondFactor', 'consent')),
      { type: 'secondFactorSuccess' },
      snapshot(ada('consent')),
    ],
    [
      "the server's requirements replace the stored ones",
      snapshot(ada('consent')),
      { type: 'requirementsChanged', userReqs: ['setupProfile', 'consent'] },
      snapshot(ada('setupProfile', 'consent')),
    ],
    [
      'requirements without a signed-in user are ignored',
      snapshot(null),
      { type: 'requirementsChanged', userReqs: ['consent'] },
      snapshot(null),
    ],
    [
      'a completed check leaves the rest of the choice and assurance outstanding',
      snapshot(ada('assurance', 'consent'), ['Passport', 'KBVL1']),
      { type: 'verificationComplete', check: 'Passport' },
      snapshot(ada('assurance', 'consent'), ['KBVL1']),
    ],
    [
      'the last completed check clears the choice and both assurance requirements',
      snapshot(ada('assurance', 'assuranceProfileCapturePossible', 'consent'), ['KBVL1']),
      { type: 'verificationComplete', check: 'KBVL1' },
      snapshot(ada('consent'), []),
    ],
    [
      'a failed verification clears the choice',
      snapshot(ada('assurance'), ['Passport', 'KBVL1']),
      { type: 'verificationFailed' },
      snapshot(ada('assurance'), []),
    ],
    [
      'logout clears the login state but remembers the browser had an account',
      snapshot(ada('consent'), ['OB']),
      { type: 'logout' },
      snapshot(null, [], true),
    ],
  ])('%s', (_name, before, action, after) => {
    expect(applyAuthAction(before, action)).toEqual(after);
  });

  it('does not change the state it is given', () => {
    const before = snapshot(ada('setupProfile'), ['Passport']);
    const copy = structuredClone(before);
    applyAuthAction(before, { type: 'stepComplete', requirement: 'setupProfile' });
    applyAuthAction(before, { type: 'verificationComplete', check: 'Passport' });
    expect(before).toEqual(copy);
  });
});

describe('refresh after an action (the next step is recomputed from storage)', () => {
  it.each<[string, AuthSnapshot, AuthAction, string]>([
    [
      'login success with nothing to do finishes the request',
      snapshot(null, [], false),
      { type: 'loginSuccess', email: 'ada@example.com', userReqs: [] },
      '/sendresponse',
    ],
    [
      'login success with a profile to complete',
      snapshot(null, [], false),
      { type: 'loginSuccess', email: 'ada@example.com', userReqs: ['setupProfile'] },
      '/Profile',
    ],
    [
      'the last check done goes on to consent',
      snapshot(ada('assurance', 'consent'), ['Passport']),
      { type: 'verificationComplete', check: 'Passport' },
      '/Consent',
    ],
    [
      'a failed check goes back to the options',
      snapshot(ada('assurance'), ['Passport']),
      { type: 'verificationFailed' },
      '/VerifyOptions',
    ],
    ['logout goes to login', snapshot(ada(), [], true), { type: 'logout' }, '/login'],
  ])('%s', (_name, before, action, step) => {
    const session = memoryStorage({ requestId: 'req_1234567890' });
    const local = memoryStorage();
    writeSnapshot(session, local, before);
    writeSnapshot(session, local, applyAuthAction(before, action));
    const state = readState(session, local);
    expect(
      nextStep({
        userRequirements: state.user?.userReqs ?? null,
        assuranceChoice: state.assuranceChoice,
        hasAccount: state.hasAccount,
        requestId: state.requestId,
      }),
    ).toBe(step);
  });
});

describe('writeSnapshot', () => {
  it('removes what is absent and keeps hasAccount once set', () => {
    const session = memoryStorage({
      user: '{"email":"a@b.c","userReqs":[]}',
      assuranceChoice: 'OB',
    });
    const local = memoryStorage({ hasAccount: 'true' });
    writeSnapshot(session, local, snapshot(null, [], false));
    expect(session.getItem('user')).toBeNull();
    expect(session.getItem('assuranceChoice')).toBeNull();
    expect(local.getItem('hasAccount')).toBe('true');
  });
});
