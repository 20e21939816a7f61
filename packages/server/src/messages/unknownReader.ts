import type { Language } from '@verity/contracts';

export interface MailText {
  subject: string;
  body: string;
}

/**
 * A mail to someone whose language is unknown (a share, an invitation), in the sender's
 * language: in English it ends with `welshLine`, a Welsh line saying the service is in Welsh
 * too; in Welsh the English follows in full and the subject gives both, as bilingual letters
 * from Welsh public bodies do.
 */
export function forUnknownReader(
  language: Language,
  inLanguage: (language: Language) => MailText,
  welshLine: string,
): { subject: string; text: string } {
  const english = inLanguage('en');
  if (language === 'en')
    return { subject: english.subject, text: `${english.body}\n\n${welshLine}` };
  const other = inLanguage(language);
  return {
    subject: `${other.subject} / ${english.subject}`,
    text: `${other.body}\n\n----------\n\n${english.body}`,
  };
}
