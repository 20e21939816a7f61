import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { KeyValueStore } from '../kv/keyValueStore.js';
import { ApiError } from '../http/apiError.js';
import type { BrowserIdentity } from '../http/browserId.js';
import { SESSION_ABSOLUTE_SECONDS } from './provider.js';
import { grantSeconds } from './refreshTokenLifetime.js';

type Interaction = InstanceType<Provider['Interaction']>;

/** Claims about the sign-in itself, which every ID token carries. */
const alwaysReleased = new Set(['sub', 'sid', 'auth_time', 'acr', 'amr', 'iss']);

/** How the user signed in for a request (RFC 8176 amr, our acr values). */
export interface RequestLogin {
  accountId: string;
  amr: string[];
  acr: string;
  /** Seconds since the epoch. */
  loginTs: number;
  /** A persistent session cookie (Remember me) rather than a browser-session one. */
  remember: boolean;
}

/** The parts of oidc-provider's Session we read (its typings leave some out). */
export interface SessionLike {
  uid: string;
  id: string;
  accountId?: string;
  loginTs?: number;
  amr?: string[];
  acr?: string;
  transient?: boolean;
}

/**
 * Ties a sign-in request (an oidc-provider Interaction, whose uid is the requestId) to the
 * browser that started it. oidc-provider's interaction cookie is scoped to /requests/:uid,
 * so the `/api` calls cannot see it; when the browser lands on /requests/:uid we check that
 * cookie and record the binding to this browser's own signed cookie. Every `/api` call
 * about a request then loads it through `load`, never trusting a bare id.
 */
export class InteractionBridge {
  constructor(
    /** The provider serving now (it is rebuilt when the signing keys change). */
    private readonly live: { readonly provider: Provider },
    private readonly kv: KeyValueStore,
    private readonly browsers: BrowserIdentity,
  ) {}

  private get provider(): Provider {
    return this.live.provider;
  }

  /**
   * Called when the browser lands on /requests/:uid. Returns the request bound, or null when
   * the cookie does not match.
   */
  async bind(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
  ): Promise<Interaction | null> {
    let interaction: Interaction;
    try {
      interaction = await this.provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
    if (interaction.uid !== uid) return null;
    const browserId = this.browsers.ensure(request, reply);
    const remaining = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
    await this.kv.set(`browser-request:${browserId}`, uid, remaining);
    await this.kv.set(
      this.key(uid),
      browserId,
      Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)),
    );
    return interaction;
  }

  /** The request with this id, if it exists and belongs to this browser. */
  async load(request: FastifyRequest, uid: string): Promise<Interaction> {
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction) throw new ApiError('request_not_found');
    // A store that cannot answer throws KeyValueStoreUnavailable (503), never "not bound".
    const boundTo = await this.kv.get(this.key(uid));
    const browserId = this.browsers.get(request);
    if (!browserId) throw new ApiError('request_not_bound');
    // No record at all is not another browser's request: the store lost it (a restart without
    // persistence) or it was never bound; landing on /requests/:uid again restores it with the
    // provider's interaction cookie, which only the browser that started the request holds.
    if (!boundTo) throw new ApiError('request_binding_lost');
    if (boundTo !== browserId) throw new ApiError('request_not_bound');
    return interaction;
  }

  /** The sign-in request this browser is in the middle of, if any (for calls that name none). */
  async currentRequest(request: FastifyRequest): Promise<Interaction | null> {
    const browserId = this.browsers.get(request);
    const uid = browserId ? await this.kv.get(`browser-request:${browserId}`) : null;
    if (!uid) return null;
    return this.load(request, uid).catch(() => null);
  }

  /**
   * Logout: ends the sign-in request this browser is in the middle of (its record, its
   * binding and the browser's pointer to it), so the next person at a shared computer is not
   * carried into that client's steps, nor can go back to them.
   */
  async endBrowserRequest(request: FastifyRequest): Promise<void> {
    const browserId = this.browsers.get(request);
    if (!browserId) return;
    const uid = await this.kv.get(`browser-request:${browserId}`);
    await this.kv.delete(`browser-request:${browserId}`);
    if (!uid || (await this.kv.get(this.key(uid))) !== browserId) return;
    await this.kv.delete(this.key(uid));
    await this.kv.delete(this.freshLoginKey(uid));
    await (await this.provider.Interaction.find(uid))?.destroy();
  }

  /** Records the outcome of the request; the browser then goes to the returned address. */
  async finish(interaction: Interaction, result: InteractionResults): Promise<string> {
    interaction.result = { ...interaction.lastSubmission, ...result };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return interaction.returnTo;
  }

  /**
   * Signs the user in for this request and grants what the client asked for (scopes and
   * claims). Callers check every requirement (consent included) before calling this.
   */
  async signIn(
    interaction: Interaction,
    login: RequestLogin,
    allowedClaims: readonly string[],
  ): Promise<string> {
    const clientId = String(interaction.params.client_id);
    const accountId = login.accountId;
    // The session's earlier grant is extended only when it is this user's (not after a switch).
    const existing = interaction.grantId
      ? await this.provider.Grant.find(interaction.grantId)
      : undefined;
    const grant =
      existing?.accountId === accountId
        ? existing
        : new this.provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const claims = interaction.params.claims
      ? (JSON.parse(String(interaction.params.claims)) as { id_token?: object; userinfo?: object })
      : {};
    // Only claims this client may have and the user agreed to: asking for another client's
    // claim by name in the claims parameter gets nothing.
    const asked = [...Object.keys(claims.id_token ?? {}), ...Object.keys(claims.userinfo ?? {})];
    grant.addOIDCClaims(asked.filter((claim) => allowedClaims.includes(claim)));
    const refused = asked.filter(
      (claim) => !allowedClaims.includes(claim) && !alwaysReleased.has(claim),
    );
    if (refused.length > 0) grant.rejectOIDCClaims(refused);
    // The grant outlives the refresh token families issued under it (their own limit
    // decides), also one started now under a grant this session made earlier: each sign-in
    // gives it a new full lifetime (a stored exp would otherwise be kept). oidc-provider
    // reads expiresIn, which its typings leave out of Grant.
    const lifetime = grant as { expiresIn?: number; exp?: number };
    lifetime.expiresIn = grantSeconds(await this.provider.Client.find(clientId));
    lifetime.exp = undefined;
    const grantId = await grant.save();
    // The login is always restated, with its own time, so prompt=login is satisfied by a
    // login made during this request and auth_time stays true.
    return this.finish(interaction, {
      login: {
        accountId,
        amr: login.amr,
        acr: login.acr,
        remember: login.remember,
        ts: login.loginTs,
      },
      consent: { grantId },
    });
  }

  /**
   * A login made during this request replaced the browser's session; the request must follow
   * it, or the provider would refuse to resume (its session no longer exists).
   */
  async adoptSession(interaction: Interaction, session: SessionLike): Promise<void> {
    // Remembered so prompt=login knows this login belongs to this request (login times are
    // whole seconds, too coarse to compare with the request's).
    const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
    await this.kv.set(this.freshLoginKey(interaction.uid), session.uid, ttl);
    if (!interaction.session || interaction.session.uid === session.uid || !session.accountId)
      return;
    interaction.session = {
      ...interaction.session,
      uid: session.uid,
      cookie: session.id,
      accountId: session.accountId,
    };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  }

  /**
   * Who is signed in for this request: the browser's session, unless the client asked for a
   * fresh login (prompt=login) and this login was not made during the request, or the login is
   * older than max_age (OpenID Connect Core 3.1.2.1) or the client's session lifetime.
   */
  async currentLogin(
    interaction: Interaction,
    session: SessionLike | null,
    sessionLifetime: number | null = null,
  ): Promise<RequestLogin | null> {
    if (!session?.accountId) return null;
    const loginTs = session.loginTs ?? 0;
    const age = Math.floor(Date.now() / 1000) - loginTs;
    const prompts = String(interaction.params.prompt ?? '').split(' ');
    if (
      prompts.includes('login') &&
      (await this.kv.get(this.freshLoginKey(interaction.uid))) !== session.uid
    )
      return null;
    const maxAge =
      interaction.params.max_age === undefined ? undefined : Number(interaction.params.max_age);
    if (maxAge !== undefined && age > maxAge) return null;
    if (age > (sessionLifetime ?? SESSION_ABSOLUTE_SECONDS)) return null;
    return {
      accountId: session.accountId,
      amr: session.amr ?? [],
      acr: session.acr ?? 'urn:verity:aal1',
      loginTs,
      remember: !session.transient,
    };
  }

  private freshLoginKey(uid: string): string {
    return `request-fresh-login:${uid}`;
  }

  private key(uid: string): string {
    return `request-binding:${uid}`;
  }
}
