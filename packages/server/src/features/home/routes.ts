import { homeSchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { account } from '../../journey/access.js';
import type { AuditEventType } from '../audit/auditLog.js';
import { checkOffered, providerChecks } from '../checks/checkProviders.js';
import { verificationsOf } from './verifications.js';

const titles: Record<AuditEventType, string> = {
  signup: 'Account created',
  email_verified: 'E-mail address verified',
  login: 'Logged in',
  login_failed: 'Failed login attempt',
  password_reset: 'Password changed',
  password_locked: 'Password login locked after too many wrong passwords',
  logout: 'Logged out',
  identity_shared: 'Identity shared',
  shared_identity_viewed: 'Shared identity viewed',
  proof_requested: 'Proof requested',
  consent_revoked: 'Consent withdrawn',
  account_delete_failed: 'Failed attempt to delete the account',
  account_deleted: 'Account deleted',
  identity_check_passed: 'Identity check passed',
  identity_check_failed: 'Identity check failed',
  identity_check_mismatch: 'Identity check found another person’s details',
  identity_check_declined: 'Identity check not available to you',
  request_cancelled: 'Sign-in request cancelled',
  bank_login: 'Logged in with your bank',
  bank_account_verified: 'Bank account verified',
  bank_account_mismatch: 'Bank account did not match your name',
  social_linked: 'Sign-in method linked',
  social_unlinked: 'Sign-in method removed',
  second_factor_added: 'Second factor set up',
  second_factor_removed: 'Second factor removed',
  second_factor_login: 'Logged in with a second factor',
  second_factor_failed: 'Wrong second-factor code',
  recovery_codes_created: 'New recovery codes made',
  recovery_code_used: 'Recovery code used',
  pin_registered: 'PIN set up on a device',
  pin_revoked: 'PIN blocked after too many attempts',
  pin_renewed: 'PIN secret renewed on a device',
  identity_share_withdrawn: 'Shared identity withdrawn',
  bank_login_refused: 'Bank login refused: not confirmed as the account holder',
  pin_access_approved: 'Sign-in on another device approved with the PIN',
  pin_signing_registered: 'PIN for signing set up on a device',
  password_change_revoked: 'Password changed: every PIN and sign-in ended',
};

const RECENT = 10;

/** GET /api/home: recent activity from the user's audit events, and their verifications. */
export function homeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/home',
      { config: { access: account('full') }, schema: { response: { 200: homeSchema } } },
      async (request, reply) => {
        const { user } = request.journey.who;
        const events = await ctx.audit.forUser(user.id, RECENT);
        reply.header('Cache-Control', 'no-store');
        const unavailableChecks = providerChecks.filter((check) => !checkOffered(ctx, check));
        return {
          auditEvents: events.map((event) => ({
            title: titles[event.type],
            created: new Date(event.createdAt).toISOString(),
          })),
          verification: await verificationsOf(ctx, user.id),
          ...(unavailableChecks.length > 0 ? { unavailableChecks } : {}),
        };
      },
    );
}
