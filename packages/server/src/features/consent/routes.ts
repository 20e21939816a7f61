import {
  requestQuerySchema,
  consentDecisionSchema,
  consentInfoSchema,
  stepDoneSchema,
  type AddressValue,
  type Language,
} from '@verity/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import {
  consentClaims,
  documentDetailsConsent,
  requestedClaims,
  standardFields,
} from '../profile/requestedClaims.js';
import { documentDetailsSummary, verifiedIdentitySummary } from '../evidence/verifiedSummary.js';
import { requestLanguage } from '../../http/language.js';
import { claimTitle } from './claimTitle.js';
import { RECENT_LOGIN_SECONDS, step } from '../../journey/access.js';
import { verifyConsentSignature } from '../pin/consentSignature.js';

/** Consent is a step of a request only: the request, its client and what it asks for. */
function consentContext(request: FastifyRequest) {
  const { accountId, interaction, client } = request.journey.step;
  if (!interaction || !client) throw new ApiError('request_not_found');
  return {
    interaction,
    client,
    accountId,
    claims: requestedClaims(client.policy, interaction),
    documentDetails: consentClaims(client.policy, interaction).includes(documentDetailsConsent),
  };
}

function display(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value) {
    const address = value as AddressValue;
    return `${address.text}, ${address.postcode}`;
  }
  return '';
}

/**
 * Whether the consent screen may show full document numbers: to a login made during this
 * request (its checks may take longer than the 15 minutes of a recent login), or a recent one.
 * A session signed in earlier (single sign-on, Remember me) sees them masked: anyone at a
 * browser left signed in could otherwise start a request of a client that asks for
 * document_details and read them. What is released is the same either way.
 */
function showsFullDocumentNumbers(request: FastifyRequest, interaction: { iat: number }) {
  const { login, loginAge } = request.journey.who;
  return login.loginTs >= interaction.iat || loginAge <= RECENT_LOGIN_SECONDS;
}

/** The consent row for verified_claims' document_details: each document's number, issuer, dates. */
async function documentDetailsAttribute(
  ctx: AppContext,
  accountId: string,
  numbers: 'full' | 'masked',
  language: Language,
) {
  return {
    name: documentDetailsConsent,
    title: claimTitle(documentDetailsConsent, language, []),
    type: 'text',
    defaultValue: documentDetailsSummary(await ctx.evidence.forUser(accountId), numbers, language),
  };
}

/** GET and POST /api/consent: what the client would receive, and the user's decision. */
export function consentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/consent',
    {
      config: { access: step('consent') },
      schema: { querystring: requestQuerySchema, response: { 200: consentInfoSchema } },
    },
    async (request, reply) => {
      const { client, accountId, claims, interaction, documentDetails } = consentContext(request);
      const language = requestLanguage(request);
      const profile = await ctx.profiles.get(accountId);
      const user = await ctx.users.findById(accountId);
      const verified = claims.includes('verified_claims')
        ? verifiedIdentitySummary(await ctx.evidence.forUser(accountId), language)
        : '';
      reply.header('Cache-Control', 'no-store');
      return {
        toSign: {
          clientId: client.clientId,
          requestId: interaction.uid,
          userId: accountId,
          claims: consentClaims(client.policy, interaction),
        },
        clientName: client.metadata.client_name,
        attributes: claims
          .map((claim) => {
            if (claim === 'verified_claims')
              return {
                name: claim,
                title: claimTitle(claim, language, []),
                type: 'text',
                defaultValue: verified,
              };
            const type =
              claim === 'email'
                ? 'email'
                : standardFields[claim as keyof typeof standardFields].type;
            return {
              name: claim,
              title: claimTitle(claim, language, []),
              type,
              defaultValue: claim === 'email' ? (user?.email ?? '') : display(profile[claim]),
            };
          })
          // verified_claims sorts last of the standard claims: its documents' details follow it.
          .concat(
            documentDetails
              ? [
                  await documentDetailsAttribute(
                    ctx,
                    accountId,
                    showsFullDocumentNumbers(request, interaction) ? 'full' : 'masked',
                    language,
                  ),
                ]
              : [],
          )
          .concat(
            // The client's own fields are shown too: the user sees everything the client asked for.
            client.policy.customClaims.map((field) => ({
              name: field.name,
              title: field.title,
              type: field.type,
              defaultValue: display(profile[field.name]),
            })),
          ),
      };
    },
  );

  typed.post(
    '/api/consent',
    {
      config: { access: step('consent') },
      schema: {
        querystring: requestQuerySchema,
        body: consentDecisionSchema,
        response: { 200: stepDoneSchema },
      },
    },
    async (request) => {
      const { interaction, client, accountId } = consentContext(request);
      if (!request.body.Approved) {
        const redirect_Uri = await ctx.interactions.finish(interaction, {
          error: 'access_denied',
          error_description: `The user declined to share their details with ${client.metadata.client_name}.`,
        });
        return { userRequirements: [], redirect_Uri };
      }
      const claims = consentClaims(client.policy, interaction);
      // Signed with a signing identity's PIN: checked (and counted) before anything is given.
      const { signature, signedAt } = request.body;
      const signed = signature
        ? await verifyConsentSignature(
            ctx,
            request,
            { clientId: client.clientId, requestId: interaction.uid, userId: accountId, claims },
            signature,
            signedAt,
          )
        : undefined;
      await ctx.consents.give(accountId, client.clientId, claims, signed);
      return {
        userRequirements: await request.journey.outstanding(),
        redirect_Uri: null,
      };
    },
  );
}
