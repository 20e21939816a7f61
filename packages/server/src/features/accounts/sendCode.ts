import type { AppContext } from '../../context.js';
import type { CodePurpose } from './emailCodes.js';

const subjects: Record<CodePurpose, string> = {
  verify: 'Your e-mail verification code',
  reset: 'Your password reset code',
};

/** E-mails a code; the message says what it is for and that it lasts ten minutes. */
export async function sendCodeEmail(
  ctx: AppContext,
  to: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const product = ctx.config.productName;
  const what =
    purpose === 'verify'
      ? `verify your e-mail address with ${product}`
      : `reset your ${product} password`;
  await ctx.email.send({
    to,
    subject: `${subjects[purpose]}: ${code}`,
    text: `Your code is ${code}\n\nEnter it to ${what}. It works for 10 minutes, once.\n\nIf you did not ask for this, you can ignore this e-mail.\n\n${product}`,
  });
}
