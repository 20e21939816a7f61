import {
  apiErrorSchema,
  pinAuthenticateResponseSchema,
  pinClientSecretResponseSchema,
  pinClientSettingsSchema,
  pinDvsRegisterResponseSchema,
  pinPass1ResponseSchema,
  pinPass2ResponseSchema,
  pinRegisterResponseSchema,
  pinRegistrationStartResponseSchema,
  pinSignatureResponseSchema,
  consentMessage,
  type ConsentToSign,
  type PinAuthenticateResponse,
  type PinClientSettings,
  type PinRegistrationStart,
  type PinSignedMessage,
} from '@verity/contracts';
import {
  addSeed,
  applyUserKey,
  combineClientSecretShares,
  createUserKey,
  extractPin,
  pass1,
  pass2,
  signMessage,
} from '@verity/pin';
import { ApiError, type Schema } from '../api/client';
import type { KeyValueStorage } from '../state/storage';
import {
  DVS_KEY,
  PinIdentityError,
  findSigningIdentity,
  getIdentity,
  saveIdentity,
  updateIdentity,
  type PinIdentity,
} from './identities';

export interface PinClientOptions {
  /** Base of the PIN scheme's calls, e.g. `${origin}/api/mpin`. */
  server: string;
  /** The customer id: the client's id. */
  customerId: string;
  storage: KeyValueStorage;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  deviceName?: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The browser's side of the PIN scheme: registration (shares from both authorities, the user's
 * own key, the token kept in storage) and login (pass 1, pass 2, authenticate). The PIN and
 * the client secret never leave this object; only the token is saved.
 */
export class PinClient {
  private readonly fetchImpl: (input: string, init: RequestInit) => Promise<Response>;

  constructor(protected readonly options: PinClientOptions) {
    if (!options.server) throw new PinIdentityError('Missing option: server');
    if (!options.customerId) throw new PinIdentityError('Missing option: customerId');
    if (!options.storage) throw new PinIdentityError('Missing option: storage');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  protected async call<T>(
    method: string,
    url: string,
    body: unknown,
    schema: Schema<T>,
  ): Promise<T> {
    const absolute = url.startsWith('http') ? url : `${this.options.server}${url}`;
    let response: Response;
    try {
      response = await this.fetchImpl(absolute, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Customer-Id': this.options.customerId,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      throw new ApiError('internal_error', 0);
    }
    const data = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const parsed = apiErrorSchema.safeParse(data);
      throw parsed.success
        ? new ApiError(parsed.data.error.code, response.status, parsed.data.error.message)
        : new ApiError('internal_error', response.status);
    }
    return schema.parse(data);
  }

  /** The client settings; their seedValue is mixed into this page's random draws. */
  async settings(): Promise<PinClientSettings> {
    const settings = await this.call(
      'GET',
      '/rps/v2/clientSettings',
      undefined,
      pinClientSettingsSchema,
    );
    if (settings.seedValue) addSeed(settings.seedValue);
    return settings;
  }

  /**
   * The two authorities' shares for (mpinId, Pa) and the user's own key: the client secret
   * w·(s₁·A + s₂·A). Registration, signing identities and renewals all take it this way. The
   * secret is for the mpin_id signatureURL answers: a renewal's is a new one.
   */
  private async clientSecret(
    settings: PinClientSettings,
    mpinId: string,
    regOTT: string,
    userKey: { secretKey: string; publicKey: string },
  ): Promise<{ csHex: string; dtas: string; curve: string; mpinId: string }> {
    const first = await this.call(
      'GET',
      `${settings.signatureURL}/${mpinId}?regOTT=${encodeURIComponent(regOTT)}&publicKey=${userKey.publicKey}`,
      undefined,
      pinSignatureResponseSchema,
    );
    const second = await this.call('GET', first.cs2url, undefined, pinClientSecretResponseSchema);
    const csHex = applyUserKey(
      combineClientSecretShares([first.clientSecretShare, second.clientSecret]),
      userKey.secretKey,
    );
    return { csHex, dtas: first.dtas, curve: first.curve, mpinId: first.mpin_id };
  }

  /**
   * A signed-in user asks the server to start a registration (POST /api/mpin/register), or to
   * resume the one an activation token (/mpinsetup?acttoken=) names.
   */
  startRegistration(actToken?: string): Promise<PinRegistrationStart> {
    return this.call(
      'POST',
      '/register',
      actToken ? { actToken } : undefined,
      pinRegistrationStartResponseSchema,
    );
  }

  /** Registers this browser with the chosen PIN; the identity is saved as REGISTERED. */
  async register(start: PinRegistrationStart, pin: string): Promise<PinIdentity> {
    const settings = await this.settings();
    const registered = await this.call(
      'PUT',
      settings.registerURL,
      {
        userId: start.userId,
        wid: 'web',
        mobile: 0,
        deviceName: this.options.deviceName ?? 'This browser',
        activateCode: start.actToken,
      },
      pinRegisterResponseSchema,
    );
    const base = {
      userId: start.userId,
      customerId: this.options.customerId,
      created: nowSeconds(),
      lastUsed: nowSeconds(),
      display: start.display,
      mpinId: registered.mpinId,
      dtas: '',
      curve: '',
      token: '',
      pinLength: settings.pinLength,
    };
    saveIdentity(this.options.storage, {
      ...base,
      state: registered.active ? 'ACTIVATED' : 'STARTED',
      regOTT: registered.regOTT,
    });
    const userKey = createUserKey();
    const { csHex, dtas, curve, mpinId } = await this.clientSecret(
      settings,
      registered.mpinId,
      registered.regOTT,
      userKey,
    );
    return saveIdentity(this.options.storage, {
      ...base,
      state: 'REGISTERED',
      mpinId,
      dtas,
      curve,
      publicKey: userKey.publicKey,
      token: extractPin(csHex, pin, mpinId),
    });
  }

  /**
   * renewSecret: new shares with a new key pair for the identity's new mpin_id (signatureURL
   * answers it), and a new token with the PIN the user just typed, saved with that mpin_id.
   * The old mpin_id and token stop working once the second share is in.
   */
  private async renew(identity: PinIdentity, pin: string, regOTT: string): Promise<PinIdentity> {
    const settings = await this.settings();
    const userKey = createUserKey();
    const { csHex, dtas, curve, mpinId } = await this.clientSecret(
      settings,
      identity.mpinId,
      regOTT,
      userKey,
    );
    return saveIdentity(this.options.storage, {
      ...identity,
      mpinId,
      dtas,
      curve,
      publicKey: userKey.publicKey,
      token: extractPin(csHex, pin, mpinId),
    });
  }

  /**
   * dvsRegister: a signing identity of the same user with its own key pair, registered through
   * dvsRegURL and the same two authorities, protected by the same PIN; kept in 'dvs'.
   */
  async registerSigning(login: PinIdentity, pin: string, token: string): Promise<PinIdentity> {
    const settings = await this.settings();
    const userKey = createUserKey();
    const registered = await this.call(
      'POST',
      settings.dvsRegURL,
      {
        publicKey: userKey.publicKey,
        deviceName: this.options.deviceName ?? 'This browser',
        dvsRegisterToken: token,
      },
      pinDvsRegisterResponseSchema,
    );
    const { csHex, dtas, curve, mpinId } = await this.clientSecret(
      settings,
      registered.mpinId,
      registered.regOTT,
      userKey,
    );
    return saveIdentity(
      this.options.storage,
      {
        userId: login.userId,
        customerId: login.customerId,
        state: 'REGISTERED',
        created: nowSeconds(),
        lastUsed: nowSeconds(),
        display: login.display,
        mpinId,
        dtas,
        curve,
        publicKey: userKey.publicKey,
        token: extractPin(csHex, pin, mpinId),
        pinLength: login.pinLength,
      },
      DVS_KEY,
    );
  }

  /** The PIN length of this user's signing identity (4 until known). */
  signingPinLength(userId: string): number {
    return (
      findSigningIdentity(this.options.storage, this.options.customerId, userId)?.pinLength ?? 4
    );
  }

  /** Whether this browser can sign for this user (a registered signing identity). */
  canSign(userId: string): boolean {
    return findSigningIdentity(this.options.storage, this.options.customerId, userId) !== null;
  }

  /**
   * Signs a consent with the signing identity and the PIN: the canonical consent message at
   * this time. The server checks it (and counts a wrong PIN) when the consent is sent.
   */
  signConsent(
    consent: ConsentToSign,
    pin: string,
  ): { signature: PinSignedMessage; signedAt: string } {
    const identity = findSigningIdentity(
      this.options.storage,
      this.options.customerId,
      consent.userId,
    );
    if (!identity?.publicKey) throw new PinIdentityError('Missing identity');
    const signedAt = new Date().toISOString();
    const signature = signMessage({
      message: consentMessage(consent, signedAt),
      mpinId: identity.mpinId,
      token: identity.token,
      pin,
      publicKey: identity.publicKey,
      dtas: identity.dtas,
    });
    return { signature, signedAt };
  }

  /**
   * After the server refused a signature with 410 (the signing identity revoked, or too many
   * wrong PINs), the saved signing identity is marked REVOKED; the login identity learns its
   * own state at its next login.
   */
  signingRevoked(userId: string): void {
    updateIdentity(
      this.options.storage,
      this.options.customerId,
      userId,
      { state: 'REVOKED' },
      DVS_KEY,
    );
  }

  /**
   * Logs in with a saved identity and the PIN. A 410 marks the identity REVOKED (too many
   * wrong PINs, or removed on the server); the error is rethrown for the screen to show.
   */
  async authenticate(
    userId: string,
    pin: string,
    requestId?: string,
  ): Promise<PinAuthenticateResponse> {
    let result = await this.login(userId, pin, requestId);
    if (result.renewSecret) {
      // Spec: the identity's secret is renewed and the authentication retried (once).
      const identity = getIdentity(this.options.storage, this.options.customerId, userId);
      await this.renew(identity, pin, result.renewSecret.regOTT);
      result = await this.login(userId, pin, requestId);
      if (result.renewSecret) throw new PinIdentityError('The secret was not renewed');
    }
    if (result.dvsRegister) {
      // A signing identity is a bonus of this login: the login stands if it fails.
      const identity = getIdentity(this.options.storage, this.options.customerId, userId);
      await this.registerSigning(identity, pin, result.dvsRegister.token).catch(() => undefined);
    }
    return result;
  }

  private async login(
    userId: string,
    pin: string,
    requestId?: string,
  ): Promise<PinAuthenticateResponse> {
    return this.proveWithPin(userId, pin, async (authOTT, identity, settings) => {
      const result = await this.call(
        'POST',
        settings.authenticateURL,
        { authOTT, ...(requestId ? { RequestId: requestId } : {}) },
        pinAuthenticateResponseSchema,
      );
      updateIdentity(this.options.storage, identity.customerId, userId, {
        lastUsed: nowSeconds(),
        display: result.display,
      });
      return result;
    });
  }

  /**
   * Proves the PIN of a saved identity (pass 1, pass 2) and hands the authOTT to `spend`,
   * which uses it up (authenticate, or approve another device's sign-in). A 410 from any
   * step marks the identity REVOKED and is rethrown.
   */
  protected async proveWithPin<T>(
    userId: string,
    pin: string,
    spend: (authOTT: string, identity: PinIdentity, settings: PinClientSettings) => Promise<T>,
  ): Promise<T> {
    const identity = getIdentity(this.options.storage, this.options.customerId, userId);
    if (identity.state === 'REVOKED') throw new ApiError('pin_revoked', 410);
    if (identity.state !== 'REGISTERED') throw new PinIdentityError('Missing identity');
    const settings = await this.settings();
    try {
      const { x, U } = pass1(identity.mpinId);
      const { y } = await this.call(
        'POST',
        `${settings.mpinAuthServerURL}/pass1`,
        {
          scope: ['oauth'],
          mpin_id: identity.mpinId,
          dtas: identity.dtas,
          publicKey: identity.publicKey,
          U,
        },
        pinPass1ResponseSchema,
      );
      const V = pass2({ mpinId: identity.mpinId, token: identity.token, pin, x, y });
      const { authOTT } = await this.call(
        'POST',
        `${settings.mpinAuthServerURL}/pass2`,
        { mpin_id: identity.mpinId, V, WID: 'web' },
        pinPass2ResponseSchema,
      );
      return await spend(authOTT, identity, settings);
    } catch (error) {
      if (error instanceof ApiError && error.status === 410)
        updateIdentity(this.options.storage, identity.customerId, userId, { state: 'REVOKED' });
      throw error;
    }
  }
}
