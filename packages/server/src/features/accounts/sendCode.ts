import type { Language } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { codeMessages } from '../../messages/codeMessages.js';
import type { CodePurpose } from './emailCodes.js';

/**
 * E-mails a code in the browser's language; the message says what it is for and that it
 * lasts ten minutes.
 */
export async function sendCodeEmail(
  ctx: AppContext,
  to: string,
  purpose: CodePurpose,
  code: string,
  language: Language,
): Promise<void> {
  const product = ctx.config.productName;
  const messages = codeMessages[language];
  const subject = purpose === 'verify' ? messages.verifySubject : messages.resetSubject;
  const what =
    purpose === 'verify' ? messages.verifyPurpose(product) : messages.resetPurpose(product);
  await ctx.email.send({
    to,
    subject: `${subject}: ${code}`,
    text: messages.emailBody(code, what, product),
  });
}
