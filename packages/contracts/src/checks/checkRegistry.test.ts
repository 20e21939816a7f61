import { describe, expect, it } from 'vitest';
import { checkNames, type CheckName } from '../checks.js';
import { nextStep } from '../nextStep.js';
import { isSpaRoute } from '../routes.js';
import {
  checkRegistry,
  internalCheckNameIn,
  internalCheckNames,
  namesOfCheck,
  profileCaptureChecks,
  verifyEntries,
} from './checkRegistry.js';

const all = checkNames.map((check) => [check, checkRegistry[check]] as const);

describe('the check registry', () => {
  it('describes every check name and nothing else', () => {
    expect(Object.keys(checkRegistry).sort()).toEqual([...checkNames].sort());
  });

  it.each(all)('%s is chosen on a screen next-step routing reaches', (check, info) => {
    expect(isSpaRoute(info.screen)).toBe(true);
    const route = nextStep({
      userRequirements: ['assurance'],
      assuranceChoice: [check],
      hasAccount: true,
      requestId: 'r',
    });
    expect(route).toBe(info.screen);
    // A check that captures the profile goes before /Profile; the others after it.
    const withProfile = nextStep({
      userRequirements: ['assurance', 'setupProfile'],
      assuranceChoice: [check],
      hasAccount: true,
      requestId: 'r',
    });
    expect(withProfile).toBe(info.capturesProfile ? info.screen : '/Profile');
    expect(profileCaptureChecks.has(check)).toBe(info.capturesProfile);
  });

  it('gives two checks one name only when they are done on one screen', () => {
    for (const [check, info] of all)
      for (const [other, otherInfo] of all)
        if (check !== other && info.label === otherInfo.label)
          expect([check, otherInfo.screen]).toEqual([check, info.screen]);
  });

  it('orders the checks of one screen together (one priority per screen and side)', () => {
    for (const [, info] of all)
      for (const [, other] of all)
        if (info.screen === other.screen)
          expect([other.priority, other.capturesProfile]).toEqual([
            info.priority,
            info.capturesProfile,
          ]);
  });

  it.each(all)('%s: its twins name it back, and share its screen', (check, info) => {
    for (const twin of info.twins as readonly CheckName[]) {
      expect(twin).not.toBe(check);
      expect(checkRegistry[twin].twins).toContain(check);
      expect(checkRegistry[twin].screen).toBe(info.screen);
    }
    expect(namesOfCheck(check)).toContain(check);
    for (const twin of info.twins as readonly CheckName[])
      expect(namesOfCheck(twin)).toEqual(namesOfCheck(check));
  });

  it('lists /Verify in its fixed order, each check on at most one entry', () => {
    const entries = verifyEntries();
    expect(entries.map((entry) => [entry.label, entry.to])).toEqual([
      ['Driving Licence', '/DrivingLicence'],
      ['Passport', '/Passport'],
      ['Mobile contract', '/MNO'],
      ['Bank', '/BankAccount'],
      ['Financial questions', '/Kbv'],
    ]);
    const done = entries.flatMap((entry) => entry.done);
    expect(new Set(done).size).toBe(done.length);
    expect(entries.find((entry) => entry.label === 'Bank')?.done.sort()).toEqual([
      'Bank',
      'CurrentAccount',
      'OB',
    ]);
  });

  it('names every check to people in words, never by an internal name', () => {
    expect([...internalCheckNames].sort()).toEqual(
      checkNames.filter((check) => check !== 'Passport' && check !== 'Bank').sort(),
    );
    for (const [, info] of all) {
      expect(internalCheckNameIn(info.label)).toBeNull();
      expect(internalCheckNameIn(info.evidence)).toBeNull();
    }
  });

  it.each([
    ['Verified identity: Ada Lovelace (KBVL1, Bank)', 'KBVL1'],
    ['Your DrivingLicence check is already complete.', 'DrivingLicence'],
    ['Name verified from your debit card', null],
    ['Passport 533401372; Bank', null],
    ['JOB OBSERVED', null],
    ['OB', 'OB'],
  ])('finds an internal name in %j: %s', (text, found) => {
    expect(internalCheckNameIn(text)).toBe(found);
  });
});
