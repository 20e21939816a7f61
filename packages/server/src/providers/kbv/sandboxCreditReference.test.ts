import { describe, expect, it } from 'vitest';
import type { KbvApplicant } from './creditReference.js';
import { NONE_OF_THESE, SandboxCreditReference } from './sandboxCreditReference.js';

const anna: KbvApplicant = {
  given: 'ANNA',
  surname: 'SMITH',
  dob: '1985-02-17',
  postcodes: ['CR2 6XH'],
};
const annaL1 = {
  credit_card_lender: 'Halifax',
  current_account_bank: 'Santander',
  mortgage_lender: 'Nationwide',
};
const annaL2 = {
  ...annaL1,
  previous_address: '14 Selsdon Road, South Croydon',
  mortgage_payment: '£501 to £1,000',
};

describe('sandbox credit reference', () => {
  const provider = new SandboxCreditReference();

  it('asks 3 questions at level 1 and 5 at level 2, each with its right answer among 5 choices', async () => {
    const one = await provider.startChallenge(anna, 1);
    const two = await provider.startChallenge(anna, 2);
    if (one.outcome !== 'questions' || two.outcome !== 'questions') throw new Error('no questions');
    expect(one.questions.map((q) => q.id)).toEqual(Object.keys(annaL1));
    expect(two.questions.map((q) => q.id)).toEqual(Object.keys(annaL2));
    for (const question of two.questions) {
      expect(question.choices).toHaveLength(5);
      expect(question.choices.at(-1)).toBe(NONE_OF_THESE);
      expect(question.choices).toContain(annaL2[question.id as keyof typeof annaL2]);
    }
    expect(await provider.startChallenge(anna, 1)).toEqual(one); // deterministic
  });

  it.each<[string, 1 | 2, Record<string, string>, boolean, number]>([
    ['level 1, all right', 1, annaL1, true, 2],
    ['level 1, one wrong', 1, { ...annaL1, mortgage_lender: NONE_OF_THESE }, false, 0],
    ['level 2, all right', 2, annaL2, true, 3],
    ['level 2, one wrong of five', 2, { ...annaL2, mortgage_payment: 'Over £1,500' }, true, 3],
    [
      'level 2, two wrong',
      2,
      { ...annaL2, mortgage_payment: 'Over £1,500', previous_address: NONE_OF_THESE },
      false,
      0,
    ],
    ['level 2, unanswered', 2, {}, false, 0],
  ])('%s', async (_name, level, answers, passed, verification) => {
    const start = await provider.startChallenge(anna, level);
    const mark = await provider.checkAnswers(
      { transactionId: start.transactionId, person: anna, level },
      answers,
    );
    expect(mark.passed).toBe(passed);
    expect(mark.scores.verification).toBe(verification);
  });

  it.each([
    [
      'a thin credit file',
      { given: 'DAVID MICHAEL', surname: 'JONES', dob: '1972-11-03', postcodes: ['CR2 6XH'] },
    ],
    ['nobody it knows', { ...anna, dob: '1985-02-18' }],
    ['a file at none of the addresses given', { ...anna, postcodes: ['SW1A 1AA'] }],
    // By name and birth date alone the file could be a namesake's: no address, no file.
    ['the applicant without an address', { ...anna, postcodes: [] }],
  ])('has too little to ask about %s', async (_name, person) => {
    expect((await provider.startChallenge(person, 1)).outcome).toBe('insufficient');
  });

  it.each<[string, Partial<KbvApplicant>, string]>([
    ["the applicant at the file's address", { postcodes: ['cr26xh'] }, 'ANNA'],
    [
      "the applicant, the file's address an earlier one",
      { postcodes: ['M1 1AE', 'CR2 6XH'] },
      'ANNA',
    ],
    // Family name, birth date and address are the key: a twin sister finds Anna's file.
    ['a twin at the same address', { given: 'EMMA', postcodes: ['CR2 6XH'] }, 'ANNA'],
  ])('finds a file by family name, birth date and address: %s', async (_name, applicant, given) => {
    const start = await provider.startChallenge({ ...anna, ...applicant }, 1);
    if (start.outcome !== 'questions') throw new Error('no file found');
    // The file's own subject, whoever asked.
    expect(start.subject).toEqual({
      given,
      surname: 'SMITH',
      dob: '1985-02-17',
      postcode: 'CR2 6XH',
    });
  });

  it('fails like an outage for the documented date of birth', async () => {
    await expect(provider.startChallenge({ ...anna, dob: '1901-01-01' }, 1)).rejects.toThrow(
      /outage/,
    );
  });
});
