import {
  checkResultSchema,
  kbvAnswersRequestSchema,
  kbvQuestionsSchema,
  matchIdentity,
  requestQuerySchema,
  type FieldDefinition,
  type Language,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { enforceLimit, rateLimited } from '../../http/rateLimit.js';
import {
  CreditReferenceError,
  type KbvLevel,
  type KbvQuestion,
} from '../../providers/kbv/creditReference.js';
import { step as stepAccess } from '../../journey/access.js';
import { attemptSubject, checkAllowed, checkLimits, recordCheck } from '../checks/checkStep.js';
import { kbvApplicant, kbvLevel, kbvRecordPerson } from './kbvSubject.js';
import { noRecord, recordMismatch } from '../checks/checkOutcome.js';
import { claimedIdentity } from '../identity/coreIdentity.js';
import { checkOffered, checkProvider } from '../checks/checkProviders.js';
import { errorMessages, errorText } from '../../messages/errorMessages.js';
import { agencyAnswer, questionIn } from '../../messages/kbvQuestions.js';
import { fieldMessagesIn } from '../../messages/profileFields.js';
import { requestLanguage } from '../../http/language.js';

/** New sets of questions per user and hour: questions cannot be fished for until known. */
const startLimit = { name: 'kbv-start', max: 5, windowSeconds: 3600 };
/** Each set of questions is answered once (counted atomically across instances). */
const answerOnce = { name: 'kbv-answer', max: 1, windowSeconds: 3600 };

const noScores = { strength: 0, validity: 0, activity: 0, fraud: 0, verification: 0 };

const checkOf = (level: KbvLevel): 'KBVL1' | 'KBVL2' => (level === 1 ? 'KBVL1' : 'KBVL2');

/**
 * The credit file found is another person's, before any question: the spec's wording for a
 * record that is not the user's (bankIdentityMismatch), said of the credit file. The code stays
 * the spec's kbvChallengeFailed, whose screen ends the check and returns to /Cancel.
 */
export const KBV_MISMATCH = errorMessages.en.kbvMismatch;
/** The questions failed lately, by wrong answers or another person's file: no reason given. */
export const KBV_HELD_BACK = errorMessages.en.kbvHeldBack;

/** A question as the dynamic form shows it, in `language`: one answer among the choices. */
function asField(question: KbvQuestion, language: Language): FieldDefinition {
  const shown = questionIn(question, language);
  return { name: shown.id, type: 'radio', title: shown.title, choices: shown.choices };
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CreditReferenceError) throw new ApiError('service_unavailable');
    throw error;
  }
}

/**
 * GET /api/kbv: the questions to answer (the same ones until answered or expired); none when
 * nothing is left to ask. POST /api/kbv: the answers, marked by the credit reference agency.
 */
export function kbvRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/kbv',
    {
      config: { access: stepAccess('check') },
      schema: { querystring: requestQuerySchema, response: { 200: kbvQuestionsSchema } },
    },
    async (request, reply) => {
      const step = request.journey.step;
      reply.header('Cache-Control', 'no-store');
      const level = await kbvLevel(ctx, step);
      if (level === null) {
        return {
          challengeId: null,
          check: null,
          questions: [],
          userRequirements: await request.journey.outstanding(),
          assuranceChoice: step.interaction
            ? await ctx.assuranceChoices.get(step.interaction.uid)
            : [],
        };
      }
      const check = checkOf(level);
      if (!checkOffered(ctx, check)) throw new ApiError('check_not_offered');
      const { unavailable } = await ctx.evidence.standing(step.accountId);
      if (unavailable.has(check))
        throw new ApiError(
          'kbvChallengeFailed',
          errorText((texts) => texts.kbvHeldBack),
        );
      let challenge = await ctx.kbvChallenges.current(step.accountId);
      if (!challenge || challenge.level !== level) {
        const applicant = await kbvApplicant(ctx, step.accountId);
        if (!applicant)
          throw new ApiError(
            'step_not_allowed',
            errorText((texts) => texts.kbvDetailsFirst),
          );
        await enforceLimit(ctx, startLimit, step.accountId);
        // A credit file too thin to ask about (or none) is no record found: a counted retry
        // (the check's three attempts a day, which answering counts too), no failed check.
        const attempts = attemptSubject(check, step.accountId);
        const left = await ctx.rateLimiter.peek(checkLimits.perUser, attempts);
        if (!left.allowed) throw rateLimited(ctx, checkLimits.perUser.name, left.retryAfterSeconds);
        const started = await withProvider(() =>
          checkProvider(ctx.creditReference).startChallenge(applicant, level),
        );
        if (started.outcome === 'insufficient') {
          await enforceLimit(ctx, checkLimits.perUser, attempts);
          throw await noRecord(ctx, check, step.accountId, 'kbvInsufficientQuestions');
        }
        // The file found must be the claimed identity's (names, birth date, and its address
        // one of the profile's): an agency finds files by family name, birth date and address,
        // so it may find another person's (a twin at the same address). That is a failed check
        // (identity_check_mismatch, held back 24 hours), never questions nor evidence.
        const subject = started.subject;
        const core = await claimedIdentity(ctx, step.accountId);
        if (!matchIdentity(core, kbvRecordPerson(subject)).matches) {
          await recordMismatch(ctx, request.journey, {
            check,
            provider: checkProvider(ctx.creditReference).name,
            transactionId: started.transactionId,
            scores: noScores,
          });
          throw new ApiError(
            'kbvChallengeFailed',
            errorText((texts) => texts.kbvMismatch),
          );
        }
        challenge = await ctx.kbvChallenges.start(step.accountId, {
          transactionId: started.transactionId,
          level,
          person: { given: subject.given, surname: subject.surname, dob: subject.dob },
          questions: started.questions,
        });
      }
      return {
        challengeId: challenge.id,
        check,
        questions: challenge.questions.map((question) =>
          asField(question, requestLanguage(request)),
        ),
        userRequirements: [],
        assuranceChoice: [],
      };
    },
  );

  typed.post(
    '/api/kbv',
    {
      config: { access: stepAccess('check') },
      schema: {
        querystring: requestQuerySchema,
        body: kbvAnswersRequestSchema,
        response: { 200: checkResultSchema },
      },
    },
    async (request, reply) => {
      const { accountId } = request.journey.step;
      const challenge = await ctx.kbvChallenges.current(accountId);
      if (!challenge) throw new ApiError('kbvNoExistingChallenge');
      if (challenge.id !== request.body.challengeId) throw new ApiError('kbvChallengeMismatch');
      const check = checkOf(challenge.level);
      // Answers as the agency asked: a choice shown in Welsh is the agency's at its place.
      const language = requestLanguage(request);
      const answers: Record<string, string> = { ...request.body.answers };
      for (const question of challenge.questions) {
        const given = answers[question.id];
        if (given !== undefined) answers[question.id] = agencyAnswer(question, given, language);
      }
      await checkAllowed(ctx, request, check, () => {
        const problems: Record<string, string> = {};
        for (const question of challenge.questions) {
          const answer = answers[question.id];
          if (answer === undefined || answer === '')
            problems[question.id] = fieldMessagesIn[language].required;
          else if (!question.choices.includes(answer))
            problems[question.id] = 'Not one of the choices';
        }
        for (const name of Object.keys(answers))
          if (!challenge.questions.some((question) => question.id === name))
            problems[name] = 'Not a question of this check';
        return problems;
      });
      await enforceLimit(ctx, answerOnce, challenge.id);
      await ctx.kbvChallenges.end(accountId);
      const mark = await withProvider(() =>
        checkProvider(ctx.creditReference).checkAnswers(challenge, answers),
      );
      reply.header('Cache-Control', 'no-store');
      const evidence = {
        outcome: mark.passed ? ('passed' as const) : ('failed' as const),
        scores: mark.scores,
        provider: checkProvider(ctx.creditReference).name,
        transactionId: challenge.transactionId,
        // The credit file's subject: what binds this evidence to the claimed identity.
        attributes: mark.passed
          ? {
              given_name: challenge.person.given,
              family_name: challenge.person.surname,
              birthdate: challenge.person.dob,
            }
          : null,
      };
      // Level 2 answers more and harder questions: it meets level 1 too.
      if (mark.passed && challenge.level === 2)
        await ctx.evidence.record(accountId, { ...evidence, check: 'KBVL1' });
      const result = await recordCheck(ctx, request.journey, { ...evidence, check });
      if (!mark.passed) throw new ApiError('kbvChallengeFailed');
      return result;
    },
  );
}
