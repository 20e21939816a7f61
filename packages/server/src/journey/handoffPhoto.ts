import { handoffDeviceHeader } from '@verity/contracts';
import type { AppContext } from '../context.js';
import type { FoundHandoff } from '../features/photoId/handoffStore.js';
import { sha256 } from '../features/photoId/handoffStore.js';
import { ApiError } from '../http/apiError.js';
import { clientIp, enforceLimit, rateLimited } from '../http/rateLimit.js';
import { provedTwoFactors } from '../oidc/authenticationStrength.js';
import type { Journey } from './journey.js';

/** The phone's call that opens the link and binds the phone to it; every other needs that binding. */
export const PHONE_OPEN_URL = '/api/photoid/handoff/phone/open';

export const photoHandoffLimits = {
  /** Every call a phone makes with a link (a handoff takes about ten). */
  lookupsPerAddress: { name: 'photo-handoff-lookup-ip', max: 60, windowSeconds: 900 },
  /** Tokens that match no link: the guessable way in, for all the good it does (256 bits). */
  guessesPerAddress: { name: 'photo-handoff-guess-ip', max: 10, windowSeconds: 3600 },
};

/** A phone's call as the journey established it from the link. */
export interface PhotoHandoffCall {
  found: FoundHandoff;
  /** The secret of the phone this call bound to the link (the opening call only). */
  device: string | null;
}

/** `Authorization: Handoff <token>`: 43 base64url characters (256 bits). */
const bearer = /^Handoff ([A-Za-z0-9_-]{43})$/;

/**
 * `handoff('photo')`: the phone's calls carry the desktop's link (the token in the
 * Authorization header, never the query string, and after opening the phone's own secret),
 * and act as the desktop's request: the view (user, login, request, client) is the record's,
 * never a session. Refused when the token matches no link (a counted guess), the link is used,
 * expired or replaced, another phone opened it, the request ended, or its user changed or
 * closed the account. The desktop's step rules then run on that view (enforce.ts), then
 * `bindPhone`.
 */
export async function establishPhotoHandoff(
  ctx: AppContext,
  journey: Journey,
): Promise<PhotoHandoffCall> {
  const request = journey.call;
  const address = clientIp(request);
  await enforceLimit(ctx, photoHandoffLimits.lookupsPerAddress, address);
  const token = bearer.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new ApiError('photo_handoff_invalid');
  // Past the budget even a right token is refused: guessing must not tell hits from misses.
  const budget = await ctx.rateLimiter.peek(photoHandoffLimits.guessesPerAddress, address);
  if (!budget.allowed)
    throw rateLimited(ctx, photoHandoffLimits.guessesPerAddress.name, budget.retryAfterSeconds);
  const found = await ctx.photoHandoffs.find(token);
  if (!found) {
    await ctx.rateLimiter.hit(photoHandoffLimits.guessesPerAddress, address);
    throw new ApiError('photo_handoff_invalid');
  }
  if (found.done) throw new ApiError('photo_handoff_used');
  if (found.replaced || ctx.photoHandoffs.expired(found))
    throw new ApiError('photo_handoff_expired');
  const opening = request.routeOptions.url === PHONE_OPEN_URL;
  if (opening ? found.phone !== null : !samePhone(found, request.headers[handoffDeviceHeader]))
    throw new ApiError('photo_handoff_other_device');

  const { record } = found;
  const interaction = await ctx.provider.Interaction.find(record.uid);
  // The request answered (its result recorded) or gone (expired, logged out): nothing to do.
  if (!interaction || interaction.result) throw new ApiError('request_not_found');
  const client = await ctx.clients.find(String(interaction.params.client_id));
  if (!client) throw new ApiError('request_not_found');
  // Another user signed in to the request since the link was made: not theirs to act on.
  const requestUser = interaction.session?.accountId;
  if (requestUser !== undefined && requestUser !== record.accountId)
    throw new ApiError('photo_handoff_expired');
  const user = await ctx.users.findById(record.accountId);
  if (!user || user.closed) throw new ApiError('photo_handoff_expired');

  const { login } = record;
  journey.establishedByHandoff({
    who: {
      user,
      accountId: user.id,
      // No session: the phone's calls stand on the link alone (nothing reads this one).
      session: { uid: `handoff:${found.hash}`, id: '', accountId: user.id },
      login,
      methods: await ctx.secondFactors.count(user.id),
      twoFactors: provedTwoFactors(login.amr),
      loginAge: Math.floor(Date.now() / 1000) - login.loginTs,
    },
    current: { interaction, client },
    // Read only to ask whether the login still serves the request (prompt=login, max_age).
    desktopSession: {
      uid: record.sessionUid,
      id: '',
      accountId: user.id,
      loginTs: login.loginTs,
      amr: login.amr,
      acr: login.acr,
      transient: !login.remember,
    },
  });
  return { found, device: null };
}

/**
 * Last, once the link and the step rules hold (enforce.ts): the first phone to open the link
 * is the only one; its secret is answered once, to that phone.
 */
export async function bindPhone(
  ctx: AppContext,
  journey: Journey,
  call: PhotoHandoffCall,
): Promise<PhotoHandoffCall> {
  if (journey.call.routeOptions.url !== PHONE_OPEN_URL) return call;
  const device = await ctx.photoHandoffs.claimPhone(call.found);
  if (!device) throw new ApiError('photo_handoff_other_device');
  return { ...call, device };
}

function samePhone(found: FoundHandoff, sent: string | string[] | undefined): boolean {
  return typeof sent === 'string' && found.phone !== null && sha256(sent) === found.phone;
}
