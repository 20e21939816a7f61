import { z } from 'zod/mini';
import { fieldDefinitionSchema } from '../fields.js';
import { requirementSchema } from './requests.js';
import { checkNameSchema } from './verification.js';

/**
 * GET /api/kbv (spec: questions with name, type, title, choices, validators). No questions
 * means there is nothing to ask: KBVL1 and KBVL2 are complete, and userRequirements and
 * assuranceChoice say what is left.
 */
export const kbvQuestionsSchema = z.object({
  challengeId: z.nullable(z.string()),
  check: z.nullable(z.enum(['KBVL1', 'KBVL2'])),
  questions: z.array(fieldDefinitionSchema),
  userRequirements: z.array(requirementSchema),
  assuranceChoice: z.array(checkNameSchema),
});

export type KbvQuestions = z.infer<typeof kbvQuestionsSchema>;

/** POST /api/kbv: the answers, by question name, to the challenge they were asked in. */
export const kbvAnswersRequestSchema = z.strictObject({
  challengeId: z.string().check(z.minLength(1), z.maxLength(64)),
  answers: z
    .record(z.string().check(z.regex(/^[a-z0-9_]{1,64}$/)), z.string().check(z.maxLength(200)))
    .check(z.refine((answers) => Object.keys(answers).length <= 20, 'too many answers')),
});
