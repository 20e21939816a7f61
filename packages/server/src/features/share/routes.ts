import {
  openSharedRequestSchema,
  sharedIdentitySchema,
  shareListSchema,
  shareRequestSchema,
  withdrawShareRequestSchema,
} from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account, handoff } from '../../journey/access.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { requestLanguage } from '../../http/language.js';
import type { User } from '../accounts/userStore.js';
import { currentVerificationsOf } from '../home/verifications.js';
import { displayName, verifiedDisplayName } from './displayName.js';
import { sendShareEmail } from './shareEmail.js';
import { SHARE_LIMIT } from './shareStore.js';
import { sendIdentitySharedNotice } from '../notices/securityNotices.js';

export const shareLimits = {
  /** Shares per user a day: the limit of 4 already caps it; this slows retries of failures. */
  perUser: { name: 'share-user', max: 10, windowSeconds: 86_400 },
  /** Link openings per client address: tokens are 256-bit, this only keeps scanners off. */
  openPerAddress: { name: 'share-open-ip', max: 30, windowSeconds: 900 },
};

async function sharesOf(ctx: AppContext, user: User) {
  const shares = await ctx.shares.list(user.id);
  return {
    shares: shares.map(({ id, email, status }) => ({ id, email, status })),
    limit: SHARE_LIMIT,
    linkDays: ctx.config.shareLinkDays,
  };
}

/**
 * GET and POST /api/share (account/share), POST /api/share/remove (the user withdraws a
 * share), and POST /api/shared: the recipient opens the link from their e-mail and sees the
 * user's verified identity summary.
 */
export function shareRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/share',
    { config: { access: account('full') }, schema: { response: { 200: shareListSchema } } },
    async (request, reply) => {
      const { user } = request.journey.who;
      reply.header('Cache-Control', 'no-store');
      return sharesOf(ctx, user);
    },
  );

  routes.post(
    '/api/share',
    {
      config: { access: account('recent') },
      schema: { body: shareRequestSchema, response: { 200: shareListSchema } },
    },
    async (request) => {
      const { user } = request.journey.who;
      await enforceLimit(ctx, shareLimits.perUser, user.id);
      const { email } = request.body;
      const result = await ctx.shares.create(user.id, email, ctx.config.shareLinkDays * 86_400_000);
      if (result.kind === 'limitReached') throw new ApiError('share_limit_reached');
      if (result.kind === 'alreadyShared') throw new ApiError('already_shared');
      try {
        await sendShareEmail(
          ctx,
          {
            to: email,
            // The recipient is told the name evidence verified, never the profile's own claim.
            verifiedName: verifiedDisplayName(await ctx.evidence.forUser(user.id)),
            account: user.email,
            token: result.token,
            expiresAt: result.expiresAt,
          },
          requestLanguage(request),
        );
      } catch (error) {
        // Nobody received the link: the share would only take up one of the 4 places.
        await ctx.shares.remove(result.id);
        throw error;
      }
      await ctx.audit.record(user.id, 'identity_shared');
      await sendIdentitySharedNotice(ctx, user.id, requestLanguage(request));
      return sharesOf(ctx, user);
    },
  );

  routes.post(
    '/api/share/remove',
    {
      config: { access: account('full') },
      schema: { body: withdrawShareRequestSchema, response: { 200: shareListSchema } },
    },
    async (request, reply) => {
      const { user } = request.journey.who;
      if (!(await ctx.shares.withdraw(user.id, request.body.id)))
        throw new ApiError('share_not_found');
      await ctx.audit.record(user.id, 'identity_share_withdrawn');
      reply.header('Cache-Control', 'no-store');
      return sharesOf(ctx, user);
    },
  );

  routes.post(
    '/api/shared',
    {
      config: { access: handoff('sharedIdentity') },
      schema: { body: openSharedRequestSchema, response: { 200: sharedIdentitySchema } },
    },
    async (request, reply) => {
      await enforceLimit(ctx, shareLimits.openPerAddress, clientIp(request));
      const opened = await ctx.shares.open(request.body.token);
      const owner = opened && (await ctx.users.findById(opened.userId));
      if (!opened || !owner || owner.closed) throw new ApiError('share_link_invalid');
      await ctx.audit.record(owner.id, 'shared_identity_viewed');
      reply.header('Cache-Control', 'no-store');
      // The name a check verified when there is one; else the profile's, said to be unverified.
      const verifiedName = verifiedDisplayName(await ctx.evidence.forUser(owner.id));
      return {
        name: verifiedName ?? displayName(await ctx.profiles.get(owner.id)),
        nameVerified: verifiedName !== null,
        verification: await currentVerificationsOf(ctx, owner.id, requestLanguage(request)),
        expires: new Date(opened.expiresAt).toISOString(),
      };
    },
  );
}
