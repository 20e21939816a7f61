import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { cardNeededInstead, cardNeededMessage } from './cardNeeded.js';

describe('cardNeededInstead: a card of the kind the request does not need is refused', () => {
  it.each<[string, 'CreditCard' | 'DebitCard', CheckName[], CheckName[][] | null, string | null]>([
    [
      'chosen credit card, debit given',
      'DebitCard',
      ['CreditCard'],
      [['CreditCard']],
      'CreditCard',
    ],
    ['chosen debit card, credit given', 'CreditCard', ['DebitCard', 'KBVL1'], null, 'DebitCard'],
    ['chosen credit card, credit given', 'CreditCard', ['CreditCard', 'KBVL1'], null, null],
    [
      'the choice decides over the alternatives',
      'DebitCard',
      ['CreditCard'],
      [['DebitCard']],
      'CreditCard',
    ],
    [
      'no choice: the alternatives ask only for credit',
      'DebitCard',
      [],
      [['CreditCard', 'KBVL1'], ['Passport']],
      'CreditCard',
    ],
    [
      'no choice: an alternative takes this card',
      'DebitCard',
      [],
      [['CreditCard'], ['DebitCard']],
      null,
    ],
    ['no choice: no alternative asks for a card', 'DebitCard', [], [['Passport', 'KBVL1']], null],
    ["no assurance demanded (the account's /Verify)", 'DebitCard', [], null, null],
    [
      'a choice without a card: the alternatives decide',
      'CreditCard',
      ['KBVL1'],
      [['DebitCard', 'KBVL1']],
      'DebitCard',
    ],
  ])('%s', (_case, given, choice, alternatives, needed) => {
    expect(cardNeededInstead(given, choice, alternatives)).toBe(needed);
  });

  it('says what the client needs, in words', () => {
    expect(cardNeededMessage('CreditCard', 'Acme Bank')).toBe(
      'Acme Bank needs a credit card, and this is a debit card. Please enter a credit card, or choose a different verification option.',
    );
    expect(cardNeededMessage('DebitCard', 'Acme Bank')).toBe(
      'Acme Bank needs a debit card, and this is a credit card. Please enter a debit card, or choose a different verification option.',
    );
  });
});
