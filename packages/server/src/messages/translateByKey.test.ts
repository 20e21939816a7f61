import { describe, expect, it } from 'vitest';
import { agencyAnswer, questionIn } from './kbvQuestions.js';
import { secondFactorName } from './secondFactorNames.js';

describe('a second factor’s name, told again from its method and stored name', () => {
  it.each([
    ['Authenticator', 'Authenticator app', 'cy', 'Ap dilysu'],
    ['Authenticator', 'Authenticator app', 'en', 'Authenticator app'],
    ['Sms', 'Mobile ending 123', 'cy', 'Ffôn symudol yn gorffen â 123'],
    ['Sms', 'Mobile ending 123', 'en', 'Mobile ending 123'],
    ['Voice', 'Phone ending 789', 'cy', 'Ffôn yn gorffen â 789'],
    // A security key keeps its owner's words, digits or not.
    ['WebAuthn', 'My key 123', 'cy', 'My key 123'],
    ['WebAuthn', 'someone@example.com', 'cy', 'someone@example.com'],
    // A phone's stored name without its digits (never made so) is shown as stored.
    ['Sms', 'Mobile', 'cy', 'Mobile'],
  ] as const)('%s named %j in %s is %j', (method, stored, language, shown) => {
    expect(secondFactorName(method, stored, language)).toBe(shown);
  });
});

describe('the agency’s questions shown in a language, and the answers taken back', () => {
  const question = {
    id: 'mortgage_payment',
    title: 'What is your monthly mortgage payment?',
    choices: ['Up to £500', '£501 to £1,000', '£1,001 to £1,500', 'Over £1,500', 'None of these'],
  };

  it('shows a known question and its fixed answers in Welsh, names unchanged', () => {
    expect(questionIn(question, 'cy')).toEqual({
      id: 'mortgage_payment',
      title: 'Beth yw eich taliad morgais misol?',
      choices: [
        'Hyd at £500',
        '£501 i £1,000',
        '£1,001 i £1,500',
        'Dros £1,500',
        "Dim un o'r rhain",
      ],
    });
    const lenders = { id: 'credit_card_lender', title: 'x', choices: ['Halifax', 'None of these'] };
    expect(questionIn(lenders, 'cy').choices).toEqual(['Halifax', "Dim un o'r rhain"]);
    expect(questionIn(question, 'en')).toEqual(question);
    // A question the catalogue does not know keeps the agency's words.
    const unknown = { id: 'new_question', title: 'Which?', choices: ['A', 'B'] };
    expect(questionIn(unknown, 'cy')).toEqual(unknown);
  });

  it.each([
    ['£501 i £1,000', 'cy', '£501 to £1,000'],
    ["Dim un o'r rhain", 'cy', 'None of these'],
    ['£501 to £1,000', 'en', '£501 to £1,000'],
    // Not a shown choice: left as given, for the route to refuse.
    ['Somewhere', 'cy', 'Somewhere'],
    ['£501 to £1,000', 'cy', '£501 to £1,000'],
  ] as const)('%j answered in %s is the agency’s %j', (given, language, answer) => {
    expect(agencyAnswer(question, given, language)).toBe(answer);
  });
});
