/** The browser's autofill token for the well-known profile claims (WCAG 1.3.5). */
const autoCompleteTokens: Record<string, string> = {
  given_name: 'given-name',
  family_name: 'family-name',
  name: 'name',
  phone_number: 'tel',
  email: 'email',
};

export function autoCompleteFor(name: string): string | undefined {
  return autoCompleteTokens[name];
}

/** The input type of a text field: a phone number's (tel) brings the phone keypad. */
export function textInputType(name: string, type: 'text' | 'email'): 'text' | 'email' | 'tel' {
  if (type === 'email') return 'email';
  return autoCompleteTokens[name] === 'tel' ? 'tel' : 'text';
}

/**
 * A field's icon, when it is trivially shown: a symbol or emoji of one or two characters,
 * used as a decorative prefix. Icon names (font classes, words, URLs) are ignored: the SPA
 * has no icon font, and the label says what the field is.
 */
export function decorativeIcon(icon: string | undefined): string | null {
  const trimmed = icon?.trim() ?? '';
  if (trimmed === '' || [...trimmed].length > 2) return null;
  return /[\p{L}\p{N}\s<>&"'`]/u.test(trimmed) ? null : trimmed;
}

/**
 * The choice a typed text stands for (dropdown2): the same text ignoring case and outer
 * spaces; otherwise the text as typed, which the rules then refuse.
 */
export function matchChoice(typed: string, choices: readonly string[]): string {
  if (choices.includes(typed)) return typed;
  const wanted = typed.trim().toLowerCase();
  return choices.find((choice) => choice.trim().toLowerCase() === wanted) ?? typed;
}
