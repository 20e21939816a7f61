import type { CheckName, Language } from '@verity/contracts';
import { errorMessages } from '../../messages/errorMessages.js';

type CardCheck = 'CreditCard' | 'DebitCard';

/**
 * The card check a request needs instead of the one a card's range gives (a debit card where
 * the client asks for a credit card, or the other way round), or null when this card will do.
 * The option the user chose decides; without one, the client's alternatives do. Passing the
 * other kind would leave the request where it was after a 'Congratulations' (issue 17 item 4),
 * so the card is refused as an input, before anything is counted or recorded.
 */
export function cardNeededInstead(
  given: CardCheck,
  choice: readonly CheckName[],
  alternatives: readonly (readonly CheckName[])[] | null,
): CardCheck | null {
  const other: CardCheck = given === 'CreditCard' ? 'DebitCard' : 'CreditCard';
  if (choice.includes(given)) return null;
  if (choice.includes(other)) return other;
  if (!alternatives || alternatives.some((alternative) => alternative.includes(given))) return null;
  return alternatives.some((alternative) => alternative.includes(other)) ? other : null;
}

/** 'Acme Bank needs a credit card, and this is a debit card. Please enter ...' */
export function cardNeededMessage(
  needed: CardCheck,
  clientName: string | null,
  language: Language = 'en',
): string {
  const text = errorMessages[language].cardNeeded;
  return text[needed](clientName ?? text.thisService);
}
