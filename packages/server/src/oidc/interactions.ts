import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { KeyValueStore } from '../kv/keyValueStore.js';
import { ApiError } from '../http/apiError.js';

export const BROWSER_COOKIE = 'verity.browser';
const BROWSER_COOKIE_MAX_AGE = 400 * 24 * 3600;

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * Ties a sign-in request (an oidc-provider Interaction, whose uid is the requestId) to the
 * browser that started it. oidc-provider's interaction cookie is scoped to /requests/:uid,
 * so the `/api` calls cannot see it; when the browser lands on /requests/:uid we check that
 * cookie and record the binding to this browser's own signed cookie. Every `/api` call
 * about a request then loads it through `load`, never trusting a bare id.
 */
export class InteractionBridge {
  constructor(
    private readonly provider: Provider,
    private readonly kv: KeyValueStore,
    private readonly secureCookies: boolean,
  ) {}

  /** Called when the browser lands on /requests/:uid. Returns false when the cookie does not match. */
  async bind(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<boolean> {
    let interaction: Interaction;
    try {
      interaction = await this.provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return false;
    }
    if (interaction.uid !== uid) return false;
    const browserId = this.browserId(request) ?? this.issueBrowserId(reply);
    await this.kv.set(
      this.key(uid),
      browserId,
      Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)),
    );
    return true;
  }

  /** The request with this id, if it exists and belongs to this browser. */
  async load(request: FastifyRequest, uid: string): Promise<Interaction> {
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction) throw new ApiError('request_not_found');
    const boundTo = await this.kv.get(this.key(uid));
    const browserId = this.browserId(request);
    if (!boundTo || !browserId || boundTo !== browserId) throw new ApiError('request_not_bound');
    return interaction;
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
    login: { accountId: string; amr: string[]; acr: string },
  ): Promise<string> {
    const clientId = String(interaction.params.client_id);
    const grant = interaction.grantId
      ? ((await this.provider.Grant.find(interaction.grantId)) ??
        new this.provider.Grant({ accountId: login.accountId, clientId }))
      : new this.provider.Grant({ accountId: login.accountId, clientId });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const claims = interaction.params.claims
      ? (JSON.parse(String(interaction.params.claims)) as { id_token?: object; userinfo?: object })
      : {};
    if (claims.id_token) grant.addOIDCClaims(Object.keys(claims.id_token));
    if (claims.userinfo) grant.addOIDCClaims(Object.keys(claims.userinfo));
    const grantId = await grant.save();
    return this.finish(interaction, {
      login: { accountId: login.accountId, amr: login.amr, acr: login.acr, remember: true },
      consent: { grantId },
    });
  }

  private key(uid: string): string {
    return `request-binding:${uid}`;
  }

  private browserId(request: FastifyRequest): string | null {
    const raw = request.cookies[BROWSER_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  private issueBrowserId(reply: FastifyReply): string {
    const browserId = randomBytes(24).toString('base64url');
    reply.setCookie(BROWSER_COOKIE, browserId, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      path: '/',
      maxAge: BROWSER_COOKIE_MAX_AGE,
    });
    return browserId;
  }
}
