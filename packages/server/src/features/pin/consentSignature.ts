import {
  CONSENT_SIGNATURE_MAX_SKEW_MS,
  consentMessage,
  isSignedAt,
  type ConsentToSign,
  type PinSignedMessage,
} from '@verity/contracts';
import { PinProtocolError, decodeG1, hashMessage, verifySignature } from '@verity/pin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { MAX_PIN_ATTEMPTS } from './pinStore.js';
import { pinLimits, readKeyOrRevoke } from './routes.js';
import { errorText } from '../../messages/errorMessages.js';

/** What a consent record keeps of its PIN signature (the spec's signed message output). */
export interface ConsentSignature extends PinSignedMessage {
  signedAt: string;
}

/**
 * Checks the PIN signature of a consent before it is given. The server rebuilds the message
 * from the consent it is about to record (client, claims, request, user) and the signature's
 * time, so a signature of any other consent, request or moment is refused (400) before the
 * PIN is tested. Each PIN check is then counted, atomically and before the check, on the
 * counter of the login identity the signing identity came from: logins and signatures share
 * the same three attempts, so this endpoint is no extra PIN-guessing oracle.
 */
export async function verifyConsentSignature(
  ctx: AppContext,
  request: FastifyRequest,
  consent: ConsentToSign,
  signature: PinSignedMessage,
  signedAt: string | undefined,
): Promise<ConsentSignature> {
  await enforceLimit(ctx, pinLimits.loginsPerAddress, clientIp(request));
  if (
    !signedAt ||
    !isSignedAt(signedAt) ||
    Math.abs(Date.parse(signedAt) - Date.now()) > CONSENT_SIGNATURE_MAX_SKEW_MS
  )
    throw new ApiError(
      'consent_signature_invalid',
      errorText((texts) => texts.signatureTime),
    );
  const message = consentMessage(consent, signedAt);
  if (signature.hash !== hashMessage(message)) throw new ApiError('consent_signature_invalid');
  const identity = await ctx.pins.findByMpinId(signature.mpinId, consent.clientId);
  if (
    !identity ||
    identity.kind !== 'signing' ||
    identity.state !== 'active' ||
    identity.user_id !== consent.userId ||
    identity.public_key !== signature.publicKey
  )
    throw new ApiError('pin_revoked');
  try {
    decodeG1(signature.u, 'u');
    decodeG1(signature.v, 'v');
  } catch (error) {
    if (error instanceof PinProtocolError) throw new ApiError('validation_failed', error.message);
    throw error;
  }
  const counter = identity.parent_id ?? identity.id;
  const attempt = await ctx.pins.reserveAttempt(counter);
  if (attempt === null) throw new ApiError('pin_revoked');
  // Only the signing identity whose key is unreadable is revoked: the login it came from is
  // another key, and registers a new signing identity at its next login.
  const serverKey = await readKeyOrRevoke(ctx, request, identity, identity.id, () =>
    ctx.pins.serverKeyOf(identity),
  );
  const right =
    serverKey !== null && verifySignature({ message, signature: { ...signature }, serverKey });
  if (!right) {
    if (attempt >= MAX_PIN_ATTEMPTS) {
      await ctx.pins.revoke(counter);
      await ctx.audit.record(identity.user_id, 'pin_revoked', identity.client_id);
      throw new ApiError('pin_revoked');
    }
    await ctx.audit.login(identity.user_id, 'login_failed', 'pin', identity.client_id);
    throw new ApiError('pin_wrong');
  }
  await ctx.pins.rightPin(counter);
  await ctx.pins.rightPin(identity.id);
  return { ...signature, signedAt };
}
