import {
  pinAccessApproveResponseSchema,
  pinAccessDeclineResponseSchema,
  pinAccessDetailsSchema,
  pinAccessIdResponseSchema,
  pinAccessPendingResponseSchema,
  pinAccessPollResponseSchema,
  pinPushAuthResponseSchema,
  pinVerificationConfirmationResponseSchema,
  pinVerificationResponseSchema,
  type PinAccessDetails,
  type PinAccessId,
  type PinAccessPoll,
} from '@verity/contracts';
import { PinIdentityError, type PinIdentity } from './identities';
import { PinClient } from './pinClient';

const RPS = '/rps/v2';

/**
 * Cross-device PIN login (second document, 'PIN scheme calls': fetchaccessid, the access URL,
 * pushauth). The waiting browser asks for an access number and QR code and polls; the
 * approving device proves its PIN (pass 1, pass 2) and binds the proof to the access session
 * instead of signing itself in.
 */
export class CrossDeviceClient extends PinClient {
  /** The waiting browser: an access number, a QR code and its webOTT. */
  fetchAccessId(): Promise<PinAccessId> {
    return this.call('POST', `${RPS}/accessid`, {}, pinAccessIdResponseSchema);
  }

  /** The waiting browser asks the devices of the user it names; 'Missing user ID' without one. */
  pushAuth(prerollid: string) {
    if (!prerollid.trim()) throw new PinIdentityError('Missing user ID');
    return this.call('POST', `${RPS}/pushauth`, { prerollid }, pinPushAuthResponseSchema);
  }

  /** The waiting browser polls; 'approved' comes once, and signs this browser in. */
  poll(accessURL: string, webOTT: string, requestId?: string): Promise<PinAccessPoll> {
    return this.call(
      'POST',
      accessURL,
      { webOTT, ...(requestId ? { RequestId: requestId } : {}) },
      pinAccessPollResponseSchema,
    );
  }

  /** The approving device opens a sign-in by its QR link's access id or the typed number. */
  lookup(by: { accessId: string } | { accessNumber: string }): Promise<PinAccessDetails> {
    return this.call('POST', `${RPS}/access/lookup`, by, pinAccessDetailsSchema);
  }

  /** The approving user refuses; the waiting browser's poll then says 'declined'. */
  async decline(accessId: string): Promise<void> {
    await this.call('POST', `${RPS}/access/decline`, { accessId }, pinAccessDeclineResponseSchema);
  }

  /** Push requests waiting for this identity's approval. */
  async pending(identity: PinIdentity): Promise<PinAccessDetails[]> {
    const { pending } = await this.call(
      'POST',
      `${RPS}/access/pending`,
      { mpin_id: identity.mpinId, publicKey: identity.publicKey ?? '' },
      pinAccessPendingResponseSchema,
    );
    return pending;
  }

  /** Approves with a saved identity and its PIN; 410 marks the identity REVOKED. */
  async approve(userId: string, pin: string, accessId: string): Promise<void> {
    await this.proveWithPin(userId, pin, (authOTT) =>
      this.call(
        'POST',
        `${RPS}/access/approve`,
        { accessId, authOTT },
        pinAccessApproveResponseSchema,
      ),
    );
  }

  /**
   * /verification: signs this device in with its PIN (a fresh PIN login is what vouches),
   * then approves the waiting browser and lets it register a PIN of its own.
   */
  async approveAndRegister(
    userId: string,
    pin: string,
    accessId: string,
    deviceName: string,
  ): Promise<void> {
    await this.authenticate(userId, pin);
    await this.call(
      'POST',
      '/verification',
      { userId, clientId: this.options.customerId, accessId, deviceName },
      pinVerificationResponseSchema,
    );
  }

  /** /verification/confirmation: the new device, signed in, takes its activation code once. */
  confirmVerification(webOTT: string) {
    return this.call(
      'POST',
      '/verification/confirmation',
      { webOTT },
      pinVerificationConfirmationResponseSchema,
    );
  }
}
