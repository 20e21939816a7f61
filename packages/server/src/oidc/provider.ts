import type { Kysely } from 'kysely';
import { languages } from '@verity/contracts';
import Provider, {
  errors,
  interactionPolicy,
  type Client,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { isLoopback, type Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ClientStore } from '../features/clients/store.js';
import { ConsentStore } from '../features/consent/consentStore.js';
import type { EvidenceStore } from '../features/evidence/evidenceStore.js';
import type { ProfileStore } from '../features/profile/profileStore.js';
import {
  asksForDocumentDetails,
  documentDetailsConsent,
} from '../features/profile/requestedClaims.js';
import { isHttps, pathCookieName, siteCookieName } from '../http/cookieNames.js';
import { escapeHtml, htmlPage, type PageOptions } from '../http/htmlPage.js';
import { koaLanguage, providerPages } from '../messages/providerPages.js';
import { inClientSpan, providerSpan } from '../tracing/tracing.js';
import { accountFinder, secondFactorsOf } from './account.js';
import { CLIENT_POLICY_METADATA, policyOfProviderClient } from './clientPolicyMetadata.js';
import { DatabaseAdapter } from './adapter.js';
import { judgeIal2AtIssue } from './ial2AtIssue.js';
import { makeReplayDetectionAtomic } from './replayDetection.js';
import { renderUnavailable, reportingUnavailable, storeUnavailable } from './storeUnavailable.js';
import {
  REFRESH_TOKEN_IDLE_SECONDS,
  REFRESH_TOKEN_LIFETIME_METADATA,
  refreshTokenTtl,
} from './refreshTokenLifetime.js';
import type { JWK } from 'jose';
import { signedTokenTtlSeconds } from './tokenLifetimes.js';
import { acrForAmr, provedTwoFactors } from './authenticationStrength.js';
import { acrAsk, IAL2 } from '../features/assurance/acr.js';
import { clientDemand, clientNamesAssurance } from '../features/assurance/demand.js';
import { demandStanding } from '../features/assurance/demandMet.js';
import type { SecondFactorStore } from '../features/secondFactor/secondFactorStore.js';
import { demandsSecondFactor } from '../features/secondFactor/requirement.js';

/**
 * Session timeouts. Idle: every use of a session extends it by this much (a browser-session
 * cookie for 12 hours, 'Remember me' for 30 days). Absolute: a login older than this, or than
 * the client's own sessionLifetime, must be made again.
 */
export const SESSION_IDLE_SECONDS = 12 * 3600;
export const REMEMBERED_SESSION_IDLE_SECONDS = 30 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;

export function sessionIdleSeconds(remembered: boolean): number {
  return remembered ? REMEMBERED_SESSION_IDLE_SECONDS : SESSION_IDLE_SECONDS;
}

/** What discovery says about identity assurance; oidc-provider adds these to its document. */
export const identityAssuranceDiscovery = {
  verified_claims_supported: true,
  trust_frameworks_supported: ['uk_diatf'],
  evidence_supported: ['document', 'electronic_record'],
  documents_supported: ['passport', 'driving_permit'],
  documents_check_methods_supported: ['data'],
  electronic_records_supported: ['credit_file', 'payment_card', 'mobile_contract'],
  claims_in_verified_claims_supported: ['given_name', 'family_name', 'birthdate'],
};

export const acrValues = ['urn:verity:aal1', 'urn:verity:aal2', 'urn:verity:ial2'] as const;

/** Every protocol endpoint lives under /oidc except discovery, which OIDC fixes at the issuer. */
export const oidcRoutes = {
  authorization: '/oidc/auth',
  token: '/oidc/token',
  userinfo: '/oidc/me',
  jwks: '/oidc/jwks',
  revocation: '/oidc/token/revocation',
  introspection: '/oidc/token/introspection',
  end_session: '/oidc/session/end',
  // oidc-provider's default (/request) is outside /oidc, so the mount never passed it on and
  // discovery advertised an endpoint that answered 404.
  pushed_authorization_request: '/oidc/request',
} as const;

/**
 * A provider path as oidc-provider's router matches it: ASCII letters in either case and a
 * trailing slash dropped (lib/helpers/router.js folds both), so /oidc/TOKEN/ is the token
 * endpoint. Every check made in front of the provider (rate limits, caching, POST to GET)
 * matches this, never the raw path, or a path spelled otherwise would pass it by.
 */
export const providerRouteOf = (pathname: string): string =>
  pathname.toLowerCase().replace(/(.)\/+$/, '$1');

export function isOidcPath(pathname: string): boolean {
  return (
    pathname === '/.well-known/openid-configuration' ||
    pathname === '/oidc' ||
    pathname.startsWith('/oidc/')
  );
}

export interface ProviderDeps {
  config: Config;
  db: Kysely<Database>;
  clients: ClientStore;
  profiles: ProfileStore;
  cookieKeys: string[];
  /** The identity-check evidence behind verified_claims. */
  evidence?: EvidenceStore;
  /** Users' second-factor methods: a session that has not proved one is stepped up. */
  secondFactors?: SecondFactorStore;
  /** Clients' own claims (their --custom-claim fields), read at start. */
  customClaims: string[];
}

/** `read` memoised for one request (its koa context): the same answer to every check in it. */
/** Introspection tells a client about the tokens issued to it only (RFC 7662 §4). */
const issuedToCaller = (_ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) =>
  token.clientId === client.clientId;

/**
 * Revocation of another client's token is refused (RFC 7009 §2.1): an error for a confidential
 * client, and for a public one (which proves nothing) the usual answer with nothing revoked.
 */
const revokesOwnToken = (
  _ctx: KoaContextWithOIDC,
  client: Client,
  token: { clientId?: string },
) => {
  if (token.clientId === client.clientId) return true;
  if (client.clientAuthMethod === 'none') return false;
  throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
};

function perRequest<T>(read: (key: string) => Promise<T>) {
  const answers = new WeakMap<object, Promise<T>>();
  return (ctx: object, key: string): Promise<T> => {
    let answer = answers.get(ctx);
    if (!answer) {
      answer = read(key);
      answers.set(ctx, answer);
    }
    return answer;
  };
}

/**
 * The standard prompts plus `create` (OpenID Connect Initiating User Registration 1.0), and a
 * login check for the client's own session lifetime (its policy's sessionLifetime) and the
 * absolute session limit, and a consent check for documents' details.
 */
function interactionPrompts(
  clients: ClientStore,
  consents: ConsentStore,
  secondFactors?: SecondFactorStore,
  evidence?: EvidenceStore,
) {
  const policy = interactionPolicy.base();
  // The checks read the client's policy from the client the provider loaded (its metadata
  // carries it, clientPolicyMetadata.ts); else from the store, once per request.
  const fromStore = perRequest((clientId: string) => clients.find(clientId));
  const clientOf = async (ctx: object, client: { clientId: string }) => {
    const policy = policyOfProviderClient(client);
    return policy ? { policy } : fromStore(ctx, client.clientId);
  };
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }));
  // Step-up on single sign-on: a session weaker than the request (or the client, or the user's
  // own second factor) asks for goes through Verity's pages, which add the missing steps; a
  // code never claims less or more than happened. A finished interaction was checked there.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'step_up',
      'The request asks for more than this session has proved',
      async (ctx) => {
        const { session, client, params, result } = ctx.oidc;
        if (!session?.accountId || result?.login || !client || !params)
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const policy = (await clientOf(ctx, client))?.policy;
        if (!policy) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const amr = session.amr ?? [];
        if (!provedTwoFactors(amr)) {
          if (demandsSecondFactor(policy, { params }))
            return interactionPolicy.Check.REQUEST_PROMPT;
          // Counted with the account oidc-provider loaded for this session (oidc/account.ts).
          const methods =
            secondFactors &&
            (secondFactorsOf(ctx.oidc.account, session.accountId) ??
              (await secondFactors.count(session.accountId)));
          if (methods) return interactionPolicy.Check.REQUEST_PROMPT;
        }
        // A session whose acr says less than its amr proved (an earlier request's essential
        // acr accepted only aal1): single sign-on would claim less than happened; Verity's
        // pages restate it, at once when nothing is outstanding.
        if (session.acr !== IAL2 && session.acr !== acrForAmr(amr))
          return interactionPolicy.Check.REQUEST_PROMPT;
        // A verified identity asked for as acr (or by the client's policy), or a session whose
        // acr says ial2 (which single sign-on would claim again): the evidence is judged now,
        // against this client's demand (else the default one), since evidence expires
        // while a session lives; when it does not hold, Verity's pages ask for what is
        // missing. (verified_claims alone carry only what is verified, and claim nothing
        // through acr.)
        const asksIdentity = clientNamesAssurance(policy) || acrAsk(params).verifiedIdentity;
        if (asksIdentity && session.acr !== IAL2) return interactionPolicy.Check.REQUEST_PROMPT;
        if (session.acr === IAL2) {
          if (!evidence) return interactionPolicy.Check.REQUEST_PROMPT;
          const { passed, evidence: all } = await evidence.standing(session.accountId);
          if (!demandStanding(clientDemand(policy), passed, all).met)
            return interactionPolicy.Check.REQUEST_PROMPT;
        }
        return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
  );
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'session_lifetime',
      "The client's session lifetime, or the absolute session limit, has passed",
      async (ctx) => {
        const { session, client, result } = ctx.oidc;
        if (!session?.accountId || result?.login || !client)
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        // The absolute limit too: a remembered session's idle timeout moves on with each use,
        // so without it single sign-on would answer from a login of any age.
        const lifetime = (await clientOf(ctx, client))?.policy.sessionLifetime;
        return session.past(
          Math.min(lifetime ?? SESSION_ABSOLUTE_SECONDS, SESSION_ABSOLUTE_SECONDS),
        );
      },
    ),
  );
  // The grant knows verified_claims, not whether the user agreed to share document numbers:
  // a request for document_details asks for consent until the user has given that one too.
  policy.get('consent')!.checks.add(
    new interactionPolicy.Check(
      'document_details_not_consented',
      "The user has not agreed to share their documents' details with this client",
      async (ctx) => {
        const { session, client, params, result } = ctx.oidc;
        // A finished interaction was checked by the server (requirements.ts) before it ended.
        if (!session?.accountId || !client || result?.consent)
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        if (!asksForDocumentDetails(params?.claims))
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        if ((await clientOf(ctx, client))?.policy.skipConsent)
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        return !(await consents.covers(session.accountId, client.clientId, [
          documentDetailsConsent,
        ]));
      },
    ),
  );
  return policy;
}

/**
 * The session cookie is for the whole site (`__Host-`); the interaction cookies are scoped to
 * /requests/:uid and /oidc/auth/:uid (`__Secure-`). Under https they are always Secure: a
 * request that does not look secure (TLS ended at a proxy that TRUST_PROXY does not count) fails
 * loudly instead of setting cookies the browser would refuse.
 */
export function providerCookies(
  publicUrl: URL,
  keys: string[],
): NonNullable<Configuration['cookies']> {
  const https = isHttps(publicUrl);
  const options = { httpOnly: true, sameSite: 'lax', ...(https ? { secure: true } : {}) } as const;
  return {
    keys,
    // oidc-provider's own names (_session, ...) on plain http, as before.
    names: https
      ? {
          session: siteCookieName('session', true),
          interaction: pathCookieName('interaction', true),
          resume: pathCookieName('interaction_resume', true),
        }
      : { session: '_session', interaction: '_interaction', resume: '_interaction_resume' },
    long: options,
    short: options,
  };
}

function renderPage(ctx: KoaContextWithOIDC, title: string, body: string, page: PageOptions): void {
  ctx.type = 'html';
  ctx.body = htmlPage(title, body, page);
}

/**
 * A provider over these signing keys (private JWKs; oidc-provider signs with those whose
 * key_ops allow it). Built again when the keys change (liveProvider.ts).
 */
export function createProvider(
  {
    config,
    db,
    clients,
    profiles,
    cookieKeys,
    customClaims,
    evidence,
    secondFactors,
  }: ProviderDeps,
  jwks: { keys: JWK[] },
): Provider {
  const configuration: Configuration = {
    // An outage of the database is reported in the provider's terms: 503 temporarily_unavailable.
    adapter: (model: string) =>
      reportingUnavailable(
        new DatabaseAdapter(model, db, clients, Date.now, config.refreshRetryGraceSeconds),
      ),
    findAccount: accountFinder(db, profiles, customClaims, evidence),
    jwks,
    cookies: providerCookies(config.publicUrl, cookieKeys),
    routes: oidcRoutes,
    scopes: ['openid', 'offline_access', 'email', 'profile', 'phone', 'address'],
    claims: {
      // How the user authenticated always reaches the client in the ID token.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'birthdate'],
      phone: ['phone_number', 'phone_number_verified'],
      address: ['address'],
      acr: null,
      amr: null,
      auth_time: null,
      // OpenID Connect for Identity Assurance, asked for by name in the claims parameter.
      verified_claims: null,
      // A client receives its own claims by asking for them in the claims parameter
      // (OpenID Connect Core 5.5); a client added later needs a restart.
      ...Object.fromEntries(customClaims.map((name) => [name, null])),
    },
    acrValues: [...acrValues],
    // The identity-assurance metadata (OpenID Connect for Identity Assurance, section 8), and
    // the languages of the screens a client can ask for with ui_locales (docs/i18n.md).
    discovery: { ...identityAssuranceDiscovery, ui_locales_supported: [...languages] },
    responseTypes: ['code'],
    // Only what a client can register (features/clients/store.ts): a secret sent by HTTP Basic,
    // private_key_jwt with --jwks-uri, or none for a public client. Discovery lists these.
    clientAuthMethods: ['client_secret_basic', 'private_key_jwt', 'none'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    // Every use rotates; a rotated token used again revokes the grant (RFC 9700 §4.14.2),
    // except a confidential client's retry within REFRESH_RETRY_GRACE_SECONDS (refreshRetry.ts).
    rotateRefreshToken: true,
    // The client's refreshTokenLifetime policy, which the synchronous ttl.RefreshToken reads.
    extraClientMetadata: {
      properties: [REFRESH_TOKEN_LIFETIME_METADATA, CLIENT_POLICY_METADATA],
      validator: (_ctx, key, value) => {
        if (
          key === CLIENT_POLICY_METADATA &&
          value !== undefined &&
          !policyOfProviderClient({ [key]: value })
        )
          throw new errors.InvalidClientMetadata(`${key} must be a client policy`);
        if (key === REFRESH_TOKEN_LIFETIME_METADATA && value !== undefined)
          if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
            throw new errors.InvalidClientMetadata(`${key} must be a positive integer`);
      },
    },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256', 'RS256'],
      userinfoSigningAlgValues: ['ES256', 'RS256'],
      introspectionSigningAlgValues: ['ES256', 'RS256'],
    },
    ttl: {
      ...signedTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 3600,
      // Saved by InteractionBridge.signIn with the client's grantSeconds; this is the fallback.
      Grant: REFRESH_TOKEN_IDLE_SECONDS,
      Session: (_ctx, session) => sessionIdleSeconds(!session.transient),
      // Idle lifetime cut to the family's absolute one, which rotation does not extend.
      RefreshToken: refreshTokenTtl,
    },
    features: {
      devInteractions: { enabled: false },
      // RFC 9126: a client may push its request (authenticated, off the browser) and send only
      // the request_uri through the browser; a plain request stays allowed.
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: false },
      claimsParameter: { enabled: true },
      // RFC 7662 §4 and RFC 7009 §2.1: a client learns about, and revokes, only the tokens
      // issued to it (another that holds one gets `active: false`; a revocation is refused).
      // Verity has no resource servers that introspect others' tokens.
      revocation: { enabled: true, allowedPolicy: revokesOwnToken },
      introspection: { enabled: true, allowedPolicy: issuedToCaller },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const language = koaLanguage(ctx);
          const text = providerPages[language];
          renderPage(
            ctx,
            text.logoutTitle(config.productName),
            `<h1>${escapeHtml(text.logoutQuestion(config.productName))}</h1>${form}
<p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(text.logoutYes)}</button>
<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(text.logoutNo)}</button></p>`,
            { product: config.productName, language },
          );
        },
        postLogoutSuccessSource: (ctx) => {
          const language = koaLanguage(ctx);
          const text = providerPages[language];
          renderPage(
            ctx,
            text.loggedOutTitle,
            `<h1>${escapeHtml(text.loggedOut)}</h1><p><a href="/">${escapeHtml(text.returnHome)}</a></p>`,
            { product: config.productName, language },
          );
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/requests/${interaction.uid}`,
      policy: interactionPrompts(clients, new ConsentStore(db), secondFactors, evidence),
    },
    // oidc-provider fetches a client's jwks_uri through a dispatcher that refuses special-use
    // addresses (SSRF). Outside production the client rules accept a loopback jwks_uri
    // (features/clients/input.ts), so a loopback address, and only that, is fetched directly.
    // Traced as a client span (the relying party's host only, never the path).
    fetch: (url, options) => {
      const target = new URL(url instanceof Request ? url.url : url);
      return inClientSpan(
        `relying party ${options?.method ?? 'GET'}`,
        providerSpan('relying_party', target.href),
        () => {
          if (config.env !== 'production' && isLoopback(target)) {
            const { dispatcher: _ssrfGuard, ...direct } = options as RequestInit & {
              dispatcher?: unknown;
            };
            return fetch(url, direct);
          }
          return fetch(url, options);
        },
      );
    },
    clientBasedCORS: (_ctx, origin, client) =>
      origin !== 'null' &&
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) === true,
    renderError: (ctx, out, error) => {
      const language = koaLanguage(ctx);
      const text = providerPages[language];
      if (out.error === 'temporarily_unavailable' || storeUnavailable(error))
        return renderUnavailable(ctx, config.productName, language);
      // The protocol's error code and description stay as the provider gives them (English).
      renderPage(
        ctx,
        text.errorTitle,
        `<h1>${escapeHtml(text.errorHeading)}</h1>
<p>${escapeHtml(text.refused(config.productName))}</p>
<dl><dt>${escapeHtml(text.error)}</dt><dd><code>${escapeHtml(out.error)}</code></dd>${out.error_description ? `<dt>${escapeHtml(text.details)}</dt><dd>${escapeHtml(out.error_description)}</dd>` : ''}</dl>`,
        { product: config.productName, language },
      );
    },
  };
  const provider = new Provider(config.issuer, configuration);
  makeReplayDetectionAtomic(provider, db, clients);
  judgeIal2AtIssue(
    provider,
    async (client) =>
      policyOfProviderClient(client) ?? (await clients.find(client.clientId))?.policy,
    evidence,
  );
  provider.proxy = config.trustProxy > 0;
  provider.maxIpsCount = config.trustProxy;
  return provider;
}
