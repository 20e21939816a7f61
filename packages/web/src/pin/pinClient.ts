import {
  apiErrorSchema,
  pinAuthenticateResponseSchema,
  pinClientSecretResponseSchema,
  pinClientSettingsSchema,
  pinPass1ResponseSchema,
  pinPass2ResponseSchema,
  pinRegisterResponseSchema,
  pinRegistrationStartResponseSchema,
  pinSignatureResponseSchema,
  type PinAuthenticateResponse,
  type PinClientSettings,
  type PinRegistrationStart,
} from '@verity/contracts';
import {
  applyUserKey,
  combineClientSecretShares,
  createUserKey,
  extractPin,
  pass1,
  pass2,
} from '@verity/pin';
import { ApiError, type Schema } from '../api/client';
import type { KeyValueStorage } from '../state/storage';
import {
  PinIdentityError,
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

  settings(): Promise<PinClientSettings> {
    return this.call('GET', '/rps/v2/clientSettings', undefined, pinClientSettingsSchema);
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
    const first = await this.call(
      'GET',
      `${settings.signatureURL}/${registered.mpinId}?regOTT=${encodeURIComponent(registered.regOTT)}&publicKey=${userKey.publicKey}`,
      undefined,
      pinSignatureResponseSchema,
    );
    const second = await this.call('GET', first.cs2url, undefined, pinClientSecretResponseSchema);
    const csHex = applyUserKey(
      combineClientSecretShares([first.clientSecretShare, second.clientSecret]),
      userKey.secretKey,
    );
    return saveIdentity(this.options.storage, {
      ...base,
      state: 'REGISTERED',
      dtas: first.dtas,
      curve: first.curve,
      publicKey: userKey.publicKey,
      token: extractPin(csHex, pin, registered.mpinId),
    });
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
    } catch (error) {
      if (error instanceof ApiError && error.status === 410)
        updateIdentity(this.options.storage, identity.customerId, userId, { state: 'REVOKED' });
      throw error;
    }
  }
}
