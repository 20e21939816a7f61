import { documentNameMatches, familyNamesMatch } from '@verity/contracts';
import { createHash } from 'node:crypto';
import { kbvQuestionTexts } from '../../messages/kbvQuestions.js';
import {
  CreditReferenceError,
  type CreditReferenceProvider,
  type KbvApplicant,
  type KbvChallengeRef,
  type KbvChallengeStart,
  type KbvLevel,
  type KbvMark,
  type KbvPerson,
  type KbvQuestion,
} from './creditReference.js';
import {
  addresses,
  banks,
  lenders,
  mortgageLenders,
  sandboxCreditFiles,
  sandboxThinFiles,
  type CreditFile,
} from './sandboxCreditFiles.js';

/** The agency's questions and fixed answers, in English (the catalogue's, so they stay one). */
const texts = kbvQuestionTexts.en;

/** The answer for anything the file does not show. */
export const NONE_OF_THESE = texts.choices['None of these'];

/** A date of birth the sandbox answers as an outage of the credit reference service. */
export const SANDBOX_KBV_OUTAGE_DOB = '1901-01-01';

const paymentBands = [
  texts.choices['Up to £500'],
  texts.choices['£501 to £1,000'],
  texts.choices['£1,001 to £1,500'],
  texts.choices['Over £1,500'],
];

function paymentBand(amount: number): string {
  if (amount <= 500) return paymentBands[0]!;
  if (amount <= 1000) return paymentBands[1]!;
  if (amount <= 1500) return paymentBands[2]!;
  return paymentBands[3]!;
}

/** Four choices: the right one (if any) among the others, in a fixed order per person. */
function choicesWith(right: string | null, pool: readonly string[], seed: string): string[] {
  const others = pool.filter((item) => item !== right);
  const rank = (item: string) =>
    createHash('sha256')
      .update(seed + item)
      .digest('hex');
  const picked = others.sort((a, b) => rank(a).localeCompare(rank(b))).slice(0, right ? 3 : 4);
  const choices = right ? [...picked, right] : picked;
  return [...choices.sort((a, b) => rank(a).localeCompare(rank(b))), NONE_OF_THESE];
}

interface Asked extends KbvQuestion {
  answer: string;
}

/** The questions of a level, with their right answers: level 2 asks more and harder ones. */
function questionsFor(file: CreditFile, level: KbvLevel): Asked[] {
  const seed = `${file.person.surname}${file.person.dob}`;
  const mortgage = file.mortgage;
  const questions: Asked[] = [
    {
      id: 'credit_card_lender',
      title: texts.titles.credit_card_lender,
      choices: choicesWith(file.creditCardLender, lenders, seed),
      answer: file.creditCardLender,
    },
    {
      id: 'current_account_bank',
      title: texts.titles.current_account_bank,
      choices: choicesWith(file.currentAccountBank, banks, seed),
      answer: file.currentAccountBank,
    },
    {
      id: 'mortgage_lender',
      title: texts.titles.mortgage_lender,
      choices: choicesWith(mortgage?.lender ?? null, mortgageLenders, seed),
      answer: mortgage?.lender ?? NONE_OF_THESE,
    },
  ];
  if (level === 1) return questions;
  return [
    ...questions,
    {
      id: 'previous_address',
      title: texts.titles.previous_address,
      choices: choicesWith(file.previousAddress, addresses, seed),
      answer: file.previousAddress,
    },
    {
      id: 'mortgage_payment',
      title: texts.titles.mortgage_payment,
      choices: [...paymentBands, NONE_OF_THESE],
      answer: mortgage ? paymentBand(mortgage.monthlyPayment) : NONE_OF_THESE,
    },
  ];
}

/** Right answers needed: all 3 at level 1, at least 4 of 5 at level 2. */
const passMark: Record<KbvLevel, number> = { 1: 3, 2: 4 };

/** The same person by name and birth date (contracts' identityMatch rules). */
function samePerson(a: KbvPerson, b: KbvPerson): boolean {
  return (
    a.dob === b.dob &&
    documentNameMatches(
      { givenNames: a.given, familyName: a.surname },
      { givenNames: b.given, familyName: b.surname },
    )
  );
}

const postcodeKey = (postcode: string) => postcode.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * As an agency searches: by family name and birth date, at one of the applicant's addresses
 * (none: no file); the given names are not part of the key. Of several files found, the
 * one whose given names are the applicant's; else the first: its subject may be someone else
 * (a twin at the same address, docs/sandbox.md), whom Verity then refuses as another person.
 */
function findFile(applicant: KbvApplicant): CreditFile | undefined {
  const postcodes = applicant.postcodes.map(postcodeKey);
  const found = sandboxCreditFiles.filter(
    ({ person }) =>
      person.dob === applicant.dob &&
      familyNamesMatch(applicant.surname, person.surname) &&
      postcodes.includes(postcodeKey(person.postcode)),
  );
  return found.find(({ person }) => samePerson(person, applicant)) ?? found[0];
}

function transactionId(person: KbvPerson, level: KbvLevel): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([person.given, person.surname, person.dob, level]))
    .digest('hex');
  return `sandbox-kbv-${digest.slice(0, 16)}`;
}

/**
 * The sandbox credit reference agency: questions from its credit files (docs/sandbox.md),
 * marked against the same files. Deterministic.
 */
export class SandboxCreditReference implements CreditReferenceProvider {
  readonly name = 'sandbox-credit-reference';

  async startChallenge(applicant: KbvApplicant, level: KbvLevel): Promise<KbvChallengeStart> {
    if (applicant.dob === SANDBOX_KBV_OUTAGE_DOB)
      throw new CreditReferenceError('sandbox credit reference outage');
    const file = findFile(applicant);
    if (!file || sandboxThinFiles.some((thin) => samePerson(thin, applicant)))
      return { outcome: 'insufficient', transactionId: transactionId(applicant, level) };
    return {
      outcome: 'questions',
      // The challenge is the file's: marked against its subject (checkAnswers).
      transactionId: transactionId(file.person, level),
      subject: file.person,
      questions: questionsFor(file, level).map(({ id: qid, title, choices }) => ({
        id: qid,
        title,
        choices,
      })),
    };
  }

  async checkAnswers(
    challenge: KbvChallengeRef,
    answers: Record<string, string>,
  ): Promise<KbvMark> {
    const file = sandboxCreditFiles.find((candidate) =>
      samePerson(candidate.person, challenge.person),
    );
    if (!file || challenge.transactionId !== transactionId(challenge.person, challenge.level))
      throw new CreditReferenceError('unknown sandbox challenge');
    const right = questionsFor(file, challenge.level).filter(
      (question) => answers[question.id] === question.answer,
    ).length;
    const passed = right >= passMark[challenge.level];
    return {
      passed,
      scores: {
        strength: 0,
        validity: 0,
        activity: 0,
        fraud: 0,
        verification: passed ? challenge.level + 1 : 0,
      },
    };
  }
}
