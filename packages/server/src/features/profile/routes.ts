import {
  requestQuerySchema,
  profileFieldsSchema,
  profileValuesSchema,
  stepDoneSchema,
  validateFieldValue,
  type FieldDefinition,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { requestLanguage } from '../../http/language.js';
import { fieldInLanguage, fieldMessagesIn } from '../../messages/profileFields.js';
import { step } from '../../journey/access.js';
import { requestProfileFields } from '../assurance/assuranceProfile.js';
import { standardFields } from './requestedClaims.js';
import { verifiedFields } from '../identity/verifiedFields.js';

/** The signed-in user, the request in progress, and the fields it needs. */
async function profileContext(ctx: AppContext, request: FastifyRequest) {
  const { accountId, interaction, client } = request.journey.step;
  const fields: FieldDefinition[] =
    interaction && client
      ? await requestProfileFields(ctx, client.policy, interaction, accountId)
      : Object.values(standardFields);
  return { interaction, fields, accountId };
}

/** GET and POST /api/profile ('Your details'). */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/profile',
    {
      config: { access: step('profile') },
      schema: { querystring: requestQuerySchema, response: { 200: profileFieldsSchema } },
    },
    async (request, reply) => {
      const { fields, accountId } = await profileContext(ctx, request);
      const known = await ctx.profiles.get(accountId);
      const verified: Record<string, boolean> = { ...(await verifiedFields(ctx, accountId)) };
      reply.header('Cache-Control', 'no-store');
      const language = requestLanguage(request);
      return fields.map((defined) => {
        const field = fieldInLanguage(defined, language);
        const value = known[field.name];
        if (value === undefined) return field;
        return {
          ...field,
          defaultValue: typeof value === 'string' ? value : JSON.stringify(value),
          ...(verified[field.name] ? { verified: true } : {}),
        };
      });
    },
  );

  typed.post(
    '/api/profile',
    {
      config: { access: step('profile') },
      schema: {
        querystring: requestQuerySchema,
        body: profileValuesSchema,
        response: { 200: stepDoneSchema },
      },
    },
    async (request) => {
      const { fields, accountId } = await profileContext(ctx, request);
      const byName = new Map(fields.map((field) => [field.name, field]));
      const problems: Record<string, string> = {};
      for (const name of Object.keys(request.body))
        if (!byName.has(name)) problems[name] = 'Not a field of this form';
      // Told in the browser's language: the standard fields' titles and the form's messages.
      const language = requestLanguage(request);
      for (const defined of fields) {
        const field = fieldInLanguage(defined, language);
        const message = validateFieldValue(
          field,
          request.body[field.name],
          new Date(),
          fieldMessagesIn[language],
        );
        if (message) problems[field.name] = message;
      }
      if (Object.keys(problems).length > 0)
        throw new ApiError('validation_failed', undefined, problems);
      await ctx.profiles.update(accountId, request.body);
      return {
        userRequirements: await request.journey.outstanding(),
        redirect_Uri: null,
      };
    },
  );
}
