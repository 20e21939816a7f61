import { randomInt } from 'node:crypto';
import {
  deliveryStatusSchema,
  okSchema,
  phoneCodeRequestSchema,
  phoneCodeStartSchema,
  requestQuerySchema,
  secondFactorResultSchema,
  smsCompleteSetupSchema,
  smsStartSetupSchema,
  voiceCompleteSetupSchema,
  voiceStartSetupSchema,
  type DeliveryStatus,
  type PhoneCodeStart,
  type SecondFactorMethod,
} from '@verity/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { takeCodeGuess } from '../../http/codeGuessBudget.js';
import { enforceLimit } from '../../http/rateLimit.js';
import { requestLanguage } from '../../http/language.js';
import type { RateLimit } from '../../kv/rateLimiter.js';
import type { SecondFactorAmr } from '../../oidc/authenticationStrength.js';
import type { PhoneChannel } from '../../providers/phone/phoneProvider.js';
import { account, firstFactor, step as stepAccess } from '../../journey/access.js';
import { issueFirstRecoveryCodes } from './firstRecoveryCodes.js';
import {
  MAX_CHALLENGE_ATTEMPTS,
  type Challenge,
  type ChallengePurpose,
  type CodeOutcome,
} from './challengeStore.js';
import { refuseRemovingLast, secondFactorProved } from './guards.js';
import { sendNewAuthenticatorNotice } from '../notices/securityNotices.js';
import { secondFactorNames } from '../../messages/secondFactorNames.js';

/** Codes sent per user and method in an hour (each start of a set-up or login sends one). */
export const codesPerUser: RateLimit = { name: 'phone-user', max: 5, windowSeconds: 3600 };
/** Codes sent to one number in an hour, whoever asks. */
export const codesPerNumber: RateLimit = { name: 'phone-number', max: 8, windowSeconds: 3600 };
/** Status polls per user (the page polls about once a second). */
const pollsPerUser: RateLimit = { name: 'phone-poll', max: 900, windowSeconds: 900 };

const finalStatuses: ReadonlySet<DeliveryStatus> = new Set([
  'delivered',
  'completed',
  'busy',
  'failed',
  'no-answer',
]);

interface PhoneMethod {
  channel: PhoneChannel;
  method: SecondFactorMethod;
  amr: SecondFactorAmr;
  /** How the method is named once set up (the number's last three digits only), stored. */
  describe(number: string): string;
}

const sms: PhoneMethod = {
  channel: 'sms',
  method: 'Sms',
  amr: 'sms',
  describe: (number) => secondFactorNames.en.mobileEnding(number.slice(-3)),
};
const voice: PhoneMethod = {
  channel: 'voice',
  method: 'Voice',
  amr: 'tel',
  describe: (number) => secondFactorNames.en.phoneEnding(number.slice(-3)),
};

/** POST /api/sms/* and /api/voice/* (spec, section 7; SMS login works like voice login). */
export function phoneRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const result = { 200: secondFactorResultSchema };

  typed.post(
    '/api/sms/startsetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: {
        querystring: requestQuerySchema,
        body: smsStartSetupSchema,
        response: { 200: phoneCodeStartSchema },
      },
    },
    async (request, reply) => startSetup(ctx, request, reply, sms, request.body.mobileNumber),
  );
  typed.post(
    '/api/voice/startsetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: {
        querystring: requestQuerySchema,
        body: voiceStartSetupSchema,
        response: { 200: phoneCodeStartSchema },
      },
    },
    async (request, reply) => startSetup(ctx, request, reply, voice, request.body.PhoneNumber),
  );
  typed.post(
    '/api/sms/completesetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: { querystring: requestQuerySchema, body: smsCompleteSetupSchema, response: result },
    },
    async (request, reply) =>
      completeSetup(ctx, request, reply, sms, request.body.mobileNumber, request.body.Code),
  );
  typed.post(
    '/api/voice/completesetup',
    {
      config: { access: stepAccess('secondFactorSetup') },
      schema: { querystring: requestQuerySchema, body: voiceCompleteSetupSchema, response: result },
    },
    async (request, reply) =>
      completeSetup(ctx, request, reply, voice, request.body.PhoneNumber, request.body.Code),
  );

  for (const phone of [sms, voice]) {
    typed.post(
      `/api/${phone.channel}/pollstatus`,
      {
        config: { access: firstFactor },
        schema: { querystring: requestQuerySchema, response: { 200: deliveryStatusSchema } },
      },
      async (request, reply) => pollStatus(ctx, request, reply, phone),
    );
    typed.post(
      `/api/${phone.channel}/startlogin`,
      {
        config: { access: firstFactor },
        schema: { querystring: requestQuerySchema, response: { 200: phoneCodeStartSchema } },
      },
      async (request, reply) => startLogin(ctx, request, reply, phone),
    );
    typed.post(
      `/api/${phone.channel}/completelogin`,
      {
        config: { access: firstFactor },
        schema: { querystring: requestQuerySchema, body: phoneCodeRequestSchema, response: result },
      },
      async (request, reply) => completeLogin(ctx, request, reply, phone, request.body.Code),
    );
    typed.post(
      `/api/${phone.channel}/remove`,
      {
        config: { access: account('recent') },
        schema: { querystring: requestQuerySchema, response: { 200: okSchema } },
      },
      async (request) => {
        const step = request.journey.step;
        const factor = await ctx.secondFactors.find(step.accountId, phone.method);
        if (!factor) throw new ApiError('second_factor_not_set_up');
        refuseRemovingLast(step);
        await ctx.secondFactors.remove(step.accountId, factor.id);
        if (step.methods <= 1) await ctx.recoveryCodes.removeAll(step.accountId);
        await ctx.audit.record(step.accountId, 'second_factor_removed', step.client?.clientId);
        return { status: 'ok' as const };
      },
    );
  }
}

/** Guard: a code of the configured length (a 4-digit code where 6 are used is bad input). */
function requireCodeLength(ctx: AppContext, code: string): void {
  if (code.length !== ctx.config.secondFactorCodeLength)
    throw new ApiError('validation_failed', undefined, {
      Code: `The code should be ${ctx.config.secondFactorCodeLength} digits`,
    });
}

/** Sends a new code to `number` as a challenge of this browser, within the hourly limits. */
async function sendCode(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  phone: PhoneMethod,
  purpose: ChallengePurpose,
  number: string,
): Promise<PhoneCodeStart> {
  // Counted atomically in the shared store, so parallel starts cannot pass the limits.
  await enforceLimit(ctx, codesPerUser, `${userId}:${phone.method}`);
  await enforceLimit(ctx, codesPerNumber, ctx.secondFactorChallenges.numberSubject(number));
  const length = ctx.config.secondFactorCodeLength;
  const code = randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
  const id = await ctx.secondFactorChallenges.start({
    userId,
    browserId: ctx.browsers.ensure(request, reply),
    method: phone.method,
    purpose,
    payload: { number },
    code,
    status: 'initiated',
  });
  try {
    const ref = await ctx.phone.send(phone.channel, number, code, requestLanguage(request));
    await ctx.secondFactorChallenges.setStatus(id, 'initiated', ref);
  } catch (error) {
    await ctx.secondFactorChallenges.setStatus(id, 'failed');
    request.log.warn({ err: error, channel: phone.channel }, 'phone provider failed');
    throw new ApiError('service_unavailable');
  }
  return { status: 'initiated', codeLength: length };
}

/**
 * Checks a sent code against the challenge (five wrong codes each) and the user's code-guess
 * budgets, which span every code sent: a new code brings no new guesses. The attempts left are
 * the fewer of the two.
 */
async function checkCode(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  phone: PhoneMethod,
  purpose: ChallengePurpose,
  challenge: Challenge,
  code: string,
): Promise<CodeOutcome> {
  // A dead challenge is not a guess: it says so, whatever the budgets.
  if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) return { outcome: 'dead' };
  const guess = await takeCodeGuess(ctx, request, { userId }, `${phone.channel}-${purpose}`);
  const checked = await ctx.secondFactorChallenges.checkCode(challenge, code);
  if (checked.outcome !== 'wrong') {
    await guess.giveBack();
    return checked;
  }
  return {
    outcome: 'wrong',
    remainingAttempts: Math.min(checked.remainingAttempts, guess.remaining),
  };
}

async function startSetup(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: PhoneMethod,
  number: string,
) {
  const step = request.journey.step;
  if (await ctx.secondFactors.find(step.accountId, phone.method))
    throw new ApiError('second_factor_already_set_up');
  return sendCode(ctx, request, reply, step.accountId, phone, 'setup', number);
}

async function startLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: PhoneMethod,
) {
  const { accountId } = request.journey.who;
  const factor = await ctx.secondFactors.find(accountId, phone.method);
  if (!factor?.secret) throw new ApiError('second_factor_not_set_up');
  return sendCode(ctx, request, reply, accountId, phone, 'login', factor.secret);
}

async function pollStatus(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: PhoneMethod,
): Promise<{ status: DeliveryStatus }> {
  const { accountId } = request.journey.who;
  await enforceLimit(ctx, pollsPerUser, accountId);
  const browserId = ctx.browsers.get(request);
  const challenge = browserId
    ? await ctx.secondFactorChallenges.current(accountId, browserId, phone.method)
    : null;
  if (!challenge) throw new ApiError('second_factor_challenge_expired');
  const known = challenge.status as DeliveryStatus;
  if (finalStatuses.has(known) || !challenge.providerRef) return { status: known };
  let status: DeliveryStatus;
  try {
    status = await ctx.phone.status(phone.channel, challenge.providerRef);
  } catch (error) {
    request.log.warn({ err: error, channel: phone.channel }, 'phone provider status failed');
    return { status: known };
  }
  if (status !== known) await ctx.secondFactorChallenges.setStatus(challenge.id, status);
  return { status };
}

async function completeSetup(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: PhoneMethod,
  number: string,
  code: string,
) {
  const step = request.journey.step;
  requireCodeLength(ctx, code);
  const browserId = ctx.browsers.get(request);
  const challenge = browserId
    ? await ctx.secondFactorChallenges.current(step.accountId, browserId, phone.method, 'setup')
    : null;
  // The code is bound to the number it was sent to.
  if (!challenge || challenge.payload.number !== number)
    throw new ApiError('second_factor_challenge_expired');
  const checked = await checkCode(ctx, request, step.accountId, phone, 'setup', challenge, code);
  if (checked.outcome === 'wrong') return { remainingAttempts: checked.remainingAttempts };
  if (checked.outcome === 'dead') throw new ApiError('second_factor_challenge_expired');
  if (await ctx.secondFactors.find(step.accountId, phone.method))
    throw new ApiError('second_factor_already_set_up');
  const added = await ctx.secondFactors.add({
    userId: step.accountId,
    method: phone.method,
    displayName: phone.describe(number),
    secret: number,
  });
  if (!added) throw new ApiError('second_factor_already_set_up');
  await ctx.audit.record(step.accountId, 'second_factor_added', step.client?.clientId);
  await sendNewAuthenticatorNotice(ctx, step.accountId, phone.method, requestLanguage(request));
  const recoveryCodes = await issueFirstRecoveryCodes(ctx, step);
  reply.header('Cache-Control', 'no-store');
  return {
    userRequirements: await secondFactorProved(ctx, request, reply, phone.amr),
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

async function completeLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  phone: PhoneMethod,
  code: string,
) {
  const { accountId, client } = request.journey.step;
  requireCodeLength(ctx, code);
  const factor = await ctx.secondFactors.find(accountId, phone.method);
  if (!factor) throw new ApiError('second_factor_not_set_up');
  const browserId = ctx.browsers.get(request);
  const challenge = browserId
    ? await ctx.secondFactorChallenges.current(accountId, browserId, phone.method, 'login')
    : null;
  if (!challenge || challenge.payload.number !== factor.secret)
    throw new ApiError('second_factor_challenge_expired');
  const checked = await checkCode(ctx, request, accountId, phone, 'login', challenge, code);
  if (checked.outcome === 'wrong') {
    await ctx.audit.login(accountId, 'second_factor_failed', phone.channel, client?.clientId);
    return { remainingAttempts: checked.remainingAttempts };
  }
  if (checked.outcome === 'dead') throw new ApiError('second_factor_challenge_expired');
  await ctx.secondFactors.markUsed(factor.id);
  await ctx.audit.login(accountId, 'second_factor_login', phone.channel, client?.clientId);
  return {
    userRequirements: await secondFactorProved(ctx, request, reply, phone.amr),
  };
}
