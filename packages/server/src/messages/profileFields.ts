import {
  fieldMessages,
  fieldMessagesWelsh,
  type FieldDefinition,
  type FieldMessages,
  type Language,
  type Translation,
} from '@verity/contracts';

/**
 * The texts of the standard profile fields (features/profile/requestedClaims.ts): their titles
 * and the messages of their validators. A client's own fields keep the client's words.
 */
const english = {
  titles: {
    given_name: 'Given names',
    family_name: 'Family name',
    birthdate: 'Date of birth',
    address: 'Address',
    phone_number: 'Phone number',
  },
  nameLength: (title: string) => `${title} must be 100 characters or fewer`,
  nameLetters: (title: string) =>
    `${title} must start with a letter and contain only letters, spaces, hyphens and apostrophes`,
  phoneFormat: 'Please enter a UK phone number, like 01632 960123, 07700 900123 or +44 7700 900123',
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  titles: {
    given_name: 'Enwau cyntaf',
    family_name: 'Cyfenw',
    birthdate: 'Dyddiad geni',
    address: 'Cyfeiriad',
    phone_number: 'Rhif ffôn',
  },
  nameLength: (title) => `Rhaid i'r ${title.toLowerCase()} fod yn 100 nod neu lai`,
  nameLetters: (title) =>
    `Rhaid i'r ${title.toLowerCase()} ddechrau gyda llythyren a chynnwys llythrennau, bylchau, cysylltnodau a chollnodau yn unig`,
  phoneFormat: 'Rhowch rif ffôn yn y DU, fel 01632 960123, 07700 900123 neu +44 7700 900123',
};

export const profileFieldTexts: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/** English validator messages of the standard fields, and what each is in `language`. */
function messagesIn(language: Language): Map<string, string> {
  const map = new Map<string, string>();
  const en = profileFieldTexts.en;
  const other = profileFieldTexts[language];
  for (const claim of ['given_name', 'family_name'] as const) {
    map.set(en.nameLength(en.titles[claim]), other.nameLength(other.titles[claim]));
    map.set(en.nameLetters(en.titles[claim]), other.nameLetters(other.titles[claim]));
  }
  map.set(en.phoneFormat, other.phoneFormat);
  return map;
}

/** A field as the screen shows it in `language`: a standard field's title and messages. */
export function fieldInLanguage(field: FieldDefinition, language: Language): FieldDefinition {
  if (language === 'en' || !Object.hasOwn(english.titles, field.name)) return field;
  const messages = messagesIn(language);
  return {
    ...field,
    title: profileFieldTexts[language].titles[field.name as keyof typeof english.titles],
    ...(field.validators
      ? {
          validators: field.validators.map((validator) => ({
            ...validator,
            ...(validator.message
              ? { message: messages.get(validator.message) ?? validator.message }
              : {}),
          })),
        }
      : {}),
  };
}

/** The dynamic form's own messages (contracts' fieldMessages), by language. */
export const fieldMessagesIn: Record<Language, FieldMessages> = {
  en: fieldMessages,
  cy: fieldMessagesWelsh,
};
