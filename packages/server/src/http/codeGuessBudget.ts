import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { SlidingWindow, type Budget, type Taken } from '../kv/slidingWindow.js';
import { clientIp, rateLimited } from './rateLimit.js';

/** What a code is for; each has its own budget per subject, all share the daily cap. */
export type CodeGuessPurpose =
  | 'email-verify'
  | 'password-reset'
  | 'sms-login'
  | 'sms-setup'
  | 'voice-login'
  | 'voice-setup'
  | 'authenticator-setup'
  /** Authenticator and recovery codes at login share one budget, as they shared one counter. */
  | 'second-factor-login';

/** Whose codes: an e-mail address (codes sent by e-mail) or a user (second factors). */
export type CodeGuessSubject = { email: string } | { userId: string };

function subjectOf(subject: CodeGuessSubject): string {
  return 'email' in subject ? `email:${subject.email.toLowerCase()}` : `user:${subject.userId}`;
}

function budgetsOf(ctx: AppContext, purpose: CodeGuessPurpose) {
  const settings = ctx.config.codeGuesses;
  const budget = (name: string, max: number, windowSeconds: number): Budget => ({
    name,
    max,
    windowSeconds,
  });
  return {
    purpose: budget(`code-${purpose}`, settings.perSubjectAndPurposePer15Minutes, 900),
    day: budget('code-day', settings.perSubjectPerDay, 86_400),
    addressHour: budget('code-ip', settings.perAddressPerHour, 3600),
    addressDay: budget('code-ip-day', settings.perAddressPerDay, 86_400),
  };
}

/**
 * Takes one guess at a code from the budgets that span every code issued in their window
 * (a new code never restores guesses): per subject and purpose, per subject overall in a day,
 * and per client address. Taken before the code is checked, atomically, so parallel guesses
 * cannot slip past; a spent budget answers 429 rate_limited with retryAfterSeconds. Give the
 * guess back when it was right, or when no code was compared at all.
 */
export async function takeCodeGuess(
  ctx: AppContext,
  request: FastifyRequest,
  subject: CodeGuessSubject,
  purpose: CodeGuessPurpose,
): Promise<Taken> {
  const budgets = budgetsOf(ctx, purpose);
  const who = subjectOf(subject);
  const address = clientIp(request);
  const result = await new SlidingWindow(ctx.counters).take([
    [budgets.purpose, who],
    [budgets.day, who],
    [budgets.addressHour, address],
    [budgets.addressDay, address],
  ]);
  if (!result.allowed) throw rateLimited(ctx, `code-${purpose}`, result.retryAfterSeconds);
  return result;
}
