import * as pin from '@verity/pin';
import { expect } from 'vitest';
import type { PinClientOptions } from '../../../web/src/pin/pinClient';
import { memoryStorage } from '../../../web/src/state/memoryStorage';
import { ApiBrowser, signUp } from './journey.js';
import { CookieJar, type TestServer } from './testServer.js';

type Answer = { status: number; body: Record<string, unknown> };

let addresses = 0;

/** The PIN tests' client: 'PIN shop', which requires a PIN. */
export const pinShop = (redirectUris = ['http://127.0.0.1:3001/cb']) => ({
  name: 'PIN shop',
  redirectUris,
  requirePin: true,
});

/** Registers the PIN shop on this server; its client id. */
export async function createPinShop(server: TestServer): Promise<string> {
  return (await server.ctx.clients.create(pinShop())).clientId;
}

/** A new user signed up by password: a PIN browser already signed in. */
export async function signedUpPinBrowser(server: TestServer, customerId: string, email: string) {
  return new PinBrowser(server, customerId, await signUp(server, email, new ApiBrowser(server)));
}

/** Whether the browser with these cookies has a signed-in session. */
export async function isSignedIn(server: TestServer, jar: CookieJar): Promise<boolean> {
  const session = await jar.fetch(`${server.url}/api/session`);
  return ((await session.json()) as { loggedIn: boolean }).loggedIn;
}

/** The pin_identities row of this mpin_id. */
export function pinIdentityRow(server: TestServer, mpinId: string) {
  return server.ctx.database.db
    .selectFrom('pin_identities')
    .selectAll()
    .where('mpin_id', '=', mpinId)
    .executeTakeFirstOrThrow();
}

/** Backdates an identity's secret before the renewal date, so its next login answers renewSecret. */
export function backdateSecret(server: TestServer, mpinId: string) {
  return server.ctx.database.db
    .updateTable('pin_identities')
    .set({ secret_issued_at: Date.parse('2025-06-01T00:00:00Z') })
    .where('mpin_id', '=', mpinId)
    .execute();
}

/** A browser running one of the SPA's PIN clients (packages/web/src/pin): cookies, storage. */
export function spaPinBrowser<Client>(
  Client: new (options: PinClientOptions) => Client,
  server: TestServer,
  customerId: string,
  storage = memoryStorage(),
  jar: CookieJar = new CookieJar(),
) {
  const client = new Client({
    server: `${server.url}/api/mpin`,
    customerId,
    storage,
    fetch: (input, init) => jar.fetch(input, init),
  });
  return { client, storage, jar };
}

/**
 * The browser's side of the PIN scheme, over real HTTP, with the maths of packages/pin. Each
 * has its own client address (X-Forwarded-For; run the server with TRUST_PROXY=1).
 */
export class PinBrowser {
  readonly address = `198.18.${(++addresses >> 8) & 255}.${addresses & 255}`;

  constructor(
    readonly server: TestServer,
    readonly customerId: string,
    readonly browser = new ApiBrowser(server),
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<Answer> {
    const response = await this.browser.fetch(
      url.startsWith('http') ? url : this.server.url + url,
      {
        method,
        headers: {
          'x-customer-id': this.customerId,
          'x-forwarded-for': this.address,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async settings() {
    const answer = await this.call('GET', '/api/mpin/rps/v2/clientSettings');
    expect(answer.status).toBe(200);
    return answer.body as Record<string, string>;
  }

  /** Registration as /mpinsetup does it; returns the identity the browser would keep. */
  async register(chosenPin: string) {
    const start = await this.call('POST', '/api/mpin/register');
    expect(start.status).toBe(200);
    const { actToken, userId } = start.body as { actToken: string; userId: string };
    const settings = await this.settings();
    const registered = await this.call('PUT', settings.registerURL!, {
      userId,
      wid: 'web',
      mobile: 0,
      deviceName: 'Chromium on Linux',
      activateCode: actToken,
    });
    expect(registered.status).toBe(200);
    const { mpinId, regOTT } = registered.body as { mpinId: string; regOTT: string };
    const { publicKey, token, ...shared } = await this.shares(
      mpinId,
      regOTT,
      chosenPin,
      pin.createUserKey(),
      settings.signatureURL!,
    );
    expect(shared.mpinId).toBe(mpinId);
    return { mpinId, publicKey, token, settings };
  }

  async pass1(identity: { mpinId: string; publicKey: string }) {
    const { x, U } = pin.pass1(identity.mpinId);
    const answer = await this.call('POST', '/api/mpin/rps/v2/pass1', {
      scope: ['oauth'],
      mpin_id: identity.mpinId,
      dtas: 'verity-dta-1,verity-dta-2',
      publicKey: identity.publicKey,
      U,
    });
    return { answer, x, U };
  }

  /** Pass 1 and pass 2 with this PIN; the answer of the last call made. */
  async login(identity: { mpinId: string; publicKey: string; token: string }, typed: string) {
    const { answer, x } = await this.pass1(identity);
    if (answer.status !== 200) return answer;
    const V = pin.pass2({
      mpinId: identity.mpinId,
      token: identity.token,
      pin: typed,
      x,
      y: answer.body.y as string,
    });
    return this.call('POST', '/api/mpin/rps/v2/pass2', { mpin_id: identity.mpinId, V, WID: 'web' });
  }

  authenticate(authOTT: string, requestId?: string) {
    return this.call('POST', '/api/mpin/rps/v2/authenticate', {
      authOTT,
      ...(requestId ? { RequestId: requestId } : {}),
    });
  }

  /**
   * The two authorities' shares for (mpinId, a new key pair); the token for this PIN, for the
   * mpin_id signatureURL answers (a renewal's is new).
   */
  async shares(
    identityId: string,
    regOTT: string,
    chosenPin: string,
    user = pin.createUserKey(),
    signatureURL = '/api/mpin/rps/v2/signature',
  ) {
    const first = await this.call(
      'GET',
      `${signatureURL}/${identityId}?regOTT=${regOTT}&publicKey=${user.publicKey}`,
    );
    expect(first.status).toBe(200);
    const {
      clientSecretShare,
      cs2url,
      dtas,
      mpin_id: mpinId,
    } = first.body as Record<string, string>;
    const second = await this.call('GET', cs2url!);
    expect(second.status).toBe(200);
    const clientSecret = pin.applyUserKey(
      pin.combineClientSecretShares([clientSecretShare!, second.body.clientSecret as string]),
      user.secretKey,
    );
    return {
      mpinId: mpinId!,
      publicKey: user.publicKey,
      token: pin.extractPin(clientSecret, chosenPin, mpinId!),
      dtas: dtas!,
    };
  }

  /** POST dvsRegURL with a dvsRegister token, then the shares: a signing identity. */
  async registerSigning(dvsRegisterToken: string, chosenPin: string) {
    const key = pin.createUserKey();
    const answer = await this.call('POST', '/api/mpin/rps/v2/dvsRegister', {
      publicKey: key.publicKey,
      deviceName: 'Chromium on Linux',
      dvsRegisterToken,
    });
    expect(answer.status).toBe(200);
    const { mpinId, regOTT } = answer.body as { mpinId: string; regOTT: string };
    return this.shares(mpinId, regOTT, chosenPin, key);
  }
}
