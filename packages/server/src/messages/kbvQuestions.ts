import type { Language, Translation } from '@verity/contracts';
import type { KbvQuestion } from '../providers/kbv/creditReference.js';

/**
 * The sandbox credit reference agency's questions (providers/kbv/sandboxCreditReference.ts)
 * as screens show them. The agency asks in English; its questions are told by their ids and
 * its fixed answers ('None of these', the payment bands) by their English text; the names
 * among the choices (lenders, banks, addresses) are the same in every language.
 */
const english = {
  titles: {
    credit_card_lender: 'Which of these companies have you had a credit card with?',
    current_account_bank: 'Which of these banks do you have a current account with?',
    mortgage_lender: 'Which of these lenders is your mortgage with?',
    previous_address: 'At which of these addresses have you lived before?',
    mortgage_payment: 'What is your monthly mortgage payment?',
  },
  choices: {
    'None of these': 'None of these',
    'Up to £500': 'Up to £500',
    '£501 to £1,000': '£501 to £1,000',
    '£1,001 to £1,500': '£1,001 to £1,500',
    'Over £1,500': 'Over £1,500',
  },
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  titles: {
    credit_card_lender: "Gyda pha un o'r cwmnïau hyn ydych chi wedi cael cerdyn credyd?",
    current_account_bank: "Gyda pha un o'r banciau hyn mae gennych gyfrif cyfredol?",
    mortgage_lender: "Gyda pha un o'r benthycwyr hyn mae eich morgais?",
    previous_address: "Ym mha un o'r cyfeiriadau hyn ydych chi wedi byw o'r blaen?",
    mortgage_payment: 'Beth yw eich taliad morgais misol?',
  },
  choices: {
    'None of these': "Dim un o'r rhain",
    'Up to £500': 'Hyd at £500',
    '£501 to £1,000': '£501 i £1,000',
    '£1,001 to £1,500': '£1,001 i £1,500',
    'Over £1,500': 'Dros £1,500',
  },
};

export const kbvQuestionTexts: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

function choiceIn(choice: string, language: Language): string {
  const choices = kbvQuestionTexts[language].choices as Record<string, string>;
  return Object.hasOwn(choices, choice) ? choices[choice]! : choice;
}

/** A question of the agency's as the screen shows it in `language`. */
export function questionIn(question: KbvQuestion, language: Language): KbvQuestion {
  const titles = kbvQuestionTexts[language].titles as Record<string, string>;
  return {
    id: question.id,
    title: Object.hasOwn(titles, question.id) ? titles[question.id]! : question.title,
    choices: question.choices.map((choice) => choiceIn(choice, language)),
  };
}

/**
 * The agency's own choice for an answer given on a screen in `language` (the choice at the
 * same place), or the answer unchanged when it is none of the shown choices.
 */
export function agencyAnswer(question: KbvQuestion, answer: string, language: Language): string {
  const shown = questionIn(question, language).choices.indexOf(answer);
  return shown === -1 ? answer : question.choices[shown]!;
}
