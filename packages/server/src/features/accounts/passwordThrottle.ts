import { defaultLanguage, type Language } from '@verity/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { clientIp, rateLimited } from '../../http/rateLimit.js';
import { SlidingWindow, subjectKey, type Budget } from '../../kv/slidingWindow.js';
import { accountMessages } from '../../messages/accountMessages.js';
import { issueResetToken } from '../forgotPassword/resetTokens.js';
import { checkPassword } from './passwords.js';

/** What a throttled password check found; 'locked' is answered as 'wrong' is. */
export type PasswordOutcome = 'valid' | 'wrong' | 'locked';

interface Failures {
  /** Consecutive failures since the last success or reset. */
  count: number;
  /** When the last one happened (ms). */
  at: number;
}

/** Whom a lock is told to: the account, in its stored language (null: not known, English). */
interface LockedOwner {
  id: string;
  email: string;
  language: Language | null;
}

/** How long one check may hold the account's turn; a crashed check frees it after this. */
const TURN_SECONDS = 30;

const keys = (email: string) => {
  const subject = subjectKey(`password:${email.toLowerCase()}`);
  return { failures: `pw-failures:${subject}`, turn: `pw-turn:${subject}` };
};

/** The wait before the next try after `count` consecutive failures, in seconds. */
export function delayAfter(ctx: AppContext, count: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = ctx.config.passwordThrottle;
  if (count < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (count - freeFailures));
}

/** Refused by the password limit `limit` (a fixed name, for the metrics). */
const waitFor = (ctx: AppContext, limit: string, retryAfterSeconds: number) =>
  rateLimited(ctx, limit, Math.max(1, retryAfterSeconds));

/**
 * Every password check goes through here (login, account deletion): NIST SP 800-63B 5.2.2.
 * Per client address, a sliding window of checks; per account (keyed by the e-mail address,
 * so an address without an account is throttled the same way and the answers tell nothing),
 * one check at a time, a sliding window of failures, growing delays after a few consecutive
 * failures (answered 429 rate_limited with retryAfterSeconds, never by sleeping), and a lock
 * after `lockAfter` consecutive failures. A locked account's password is refused like a wrong
 * one (a dummy hash still runs); its owner gets one e-mail with a reset link, and a completed
 * reset lifts the lock (liftPasswordLock).
 */
export async function throttledPasswordCheck(
  ctx: AppContext,
  request: FastifyRequest,
  attempt: {
    email: string;
    storedHash: string | null;
    password: string;
    /** The account the address belongs to, told by e-mail (in its language) when it locks. */
    owner: LockedOwner | null;
  },
): Promise<PasswordOutcome> {
  const settings = ctx.config.passwordThrottle;
  const window = new SlidingWindow(ctx.counters);
  const perAddress: Budget = {
    name: 'password-ip',
    max: settings.checksPerAddressPer15Minutes,
    windowSeconds: 900,
  };
  const fromAddress = await window.take([[perAddress, clientIp(request)]]);
  if (!fromAddress.allowed) throw waitFor(ctx, perAddress.name, fromAddress.retryAfterSeconds);

  // One check at a time per account, taken atomically before anything is checked: parallel
  // guesses cannot all pass the delay at once.
  const { failures: failuresKey, turn } = keys(attempt.email);
  // Only the one who brings the count to 1 has it (a give-back after the turn expired can
  // leave it below zero for TURN_SECONDS: then nobody has it, rather than two).
  if ((await ctx.counters.increment(turn, TURN_SECONDS)) !== 1) {
    await ctx.counters.increment(turn, TURN_SECONDS, -1);
    throw waitFor(ctx, 'password-turn', 1);
  }
  try {
    // The account's failures and its failure budget in one read. The budget is only peeked:
    // this check holds the account's turn, so no other check of it can count meanwhile, and a
    // right password (most checks) writes nothing to it.
    const perAccount: Budget = {
      name: 'password-failures',
      max: settings.failuresPer15Minutes,
      windowSeconds: 900,
    };
    const ofAccount = await window.peek(perAccount, attempt.email.toLowerCase(), [failuresKey]);
    const stored = ofAccount.extra[0];
    const failures: Failures = stored ? (JSON.parse(stored) as Failures) : { count: 0, at: 0 };
    if (failures.count >= settings.lockAfter) {
      await checkPassword(null, attempt.password);
      return 'locked';
    }
    const readyAt = failures.at + delayAfter(ctx, failures.count) * 1000;
    if (Date.now() < readyAt)
      throw waitFor(ctx, 'password-delay', Math.ceil((readyAt - Date.now()) / 1000));
    if (!ofAccount.allowed) throw waitFor(ctx, perAccount.name, ofAccount.retryAfterSeconds);

    if (await checkPassword(attempt.storedHash, attempt.password)) {
      // Failures are forgotten; with none stored there is nothing to delete.
      if (stored) await ctx.counters.delete(failuresKey);
      return 'valid';
    }
    await ofAccount.count();
    const count = failures.count + 1;
    await ctx.counters.set(
      failuresKey,
      JSON.stringify({ count, at: Date.now() } satisfies Failures),
      settings.lockDays * 86_400,
    );
    // Exactly once per lock: only the check holding the turn reaches this count. Not awaited,
    // so this answer takes no longer than for an address without an account.
    if (count === settings.lockAfter && attempt.owner)
      sendLockNotice(ctx, attempt.owner).catch((error: unknown) =>
        request.log.error({ err: error }, 'password lock notice failed'),
      );
    return 'wrong';
  } finally {
    await ctx.counters.increment(turn, TURN_SECONDS, -1);
  }
}

/** After a completed password reset: the failures are forgotten and the lock is lifted. */
export async function liftPasswordLock(ctx: AppContext, email: string): Promise<void> {
  await ctx.counters.delete(keys(email).failures);
}

/**
 * Tells the owner that password login is locked, with a link that sets a new password. The
 * link carries a long random token (nothing to guess), so no guess budget or lock applies
 * to it: whoever spent the account's budgets cannot keep its owner out. It is in the
 * account's language, not the request's: the guesses that lock it may be anyone's.
 */
async function sendLockNotice(ctx: AppContext, owner: LockedOwner) {
  const lockDays = ctx.config.passwordThrottle.lockDays;
  const token = await issueResetToken(ctx, owner, null, lockDays * 86_400);
  const link = new URL('/forgotpassword', ctx.config.publicUrl);
  link.hash = new URLSearchParams({ email: owner.email, token }).toString();
  const product = ctx.config.productName;
  const text = accountMessages[owner.language ?? defaultLanguage];
  await ctx.audit.record(owner.id, 'password_locked');
  await ctx.email.send({
    to: owner.email,
    subject: text.lockSubject(product),
    text: text.lockBody(
      product,
      String(ctx.config.passwordThrottle.lockAfter),
      String(lockDays),
      link.href,
    ),
  });
}
