import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../evidence/evidenceStore.js';
import { demandStanding } from './demandMet.js';
import type { AssuranceDemand } from './demand.js';

/** A passed check at the sandbox's scores (or expired). */
function pass(check: CheckName, expired = false): Evidence {
  const scores = {
    Passport: [4, 2, 0, 0, 0],
    KBVL1: [0, 0, 0, 0, 2],
    MobileContract: [0, 0, 1, 1, 0],
  }[check as 'Passport'] ?? [0, 0, 0, 0, 0];
  const [strength, validity, activity, fraud, verification] = scores as number[];
  return {
    id: check,
    check,
    outcome: 'passed',
    scores: {
      strength: strength!,
      validity: validity!,
      activity: activity!,
      fraud: fraud!,
      verification: verification!,
    },
    provider: 'test',
    transactionId: check,
    attributes: null,
    createdAt: 0,
    expired,
    bound: true,
  };
}

const standing = (
  demand: AssuranceDemand,
  evidence: Evidence[],
  offered?: (c: CheckName) => boolean,
) =>
  demandStanding(
    demand,
    new Set(evidence.filter((e) => !e.expired).map((e) => e.check)),
    evidence,
    offered,
  );

const m1a = () => [pass('Passport'), pass('KBVL1'), pass('MobileContract')];

describe('demandStanding', () => {
  it.each([
    ['a list met', { lists: [['Passport']], level: null }, [pass('Passport')], true],
    ['a list not met', { lists: [['Passport', 'OB']], level: null }, [pass('Passport')], false],
    ['the level met, no list', { lists: [], level: 'P2' }, m1a(), true],
    ['the level met, the list not', { lists: [['OB']], level: 'P2' }, m1a(), true],
    [
      'the list met, the level not',
      { lists: [['Passport']], level: 'P2' },
      [pass('Passport')],
      true,
    ],
    ['P2 short of fraud (L1B only)', { lists: [], level: 'P2' }, m1a().slice(0, 2), false],
    // L1B is met, but P1 lists only L1A (GOV.UK's Vot), which asks for a fraud score.
    ['P1 not met by L1B', { lists: [], level: 'P1' }, m1a().slice(0, 2), false],
    ['P1 met by L1A', { lists: [], level: 'P1' }, m1a(), true],
    [
      'expired evidence counts for nothing',
      { lists: [], level: 'P2' },
      [pass('Passport', true), pass('KBVL1'), pass('MobileContract')],
      false,
    ],
  ] as const)('%s', (_, demand, evidence, met) => {
    const result = standing({ lists: demand.lists.map((list) => [...list]), level: demand.level }, [
      ...evidence,
    ]);
    expect(result.met).toBe(met);
    if (met) expect(result.alternatives).toEqual(demand.lists);
  });

  it("offers the client's lists first, then the ways to the level this server offers", () => {
    const offered = (check: CheckName) =>
      !check.startsWith('Genuine') && check !== 'SelfieComparison';
    const { alternatives } = standing(
      { lists: [['GenuinePassport']], level: 'P2' },
      [pass('Passport'), pass('KBVL1')],
      offered,
    );
    expect(alternatives).toEqual([['GenuinePassport'], ['MobileContract']]);
  });
});
