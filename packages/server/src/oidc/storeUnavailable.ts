import Provider, { errors, type Adapter, type KoaContextWithOIDC } from 'oidc-provider';
import { connectionLost } from '../db/resilientPool.js';
import type { Language } from '@verity/contracts';
import { escapeHtml, htmlPage } from '../http/htmlPage.js';
import { koaLanguage, providerPages } from '../messages/providerPages.js';
import { KeyValueStoreUnavailable } from '../kv/storeUnavailable.js';

const DESCRIPTION = 'The service is briefly unavailable; try again shortly.';

/** The JSON answer (RFC 6749 5.2) to a call a store's outage failed, with 503 and Retry-After. */
export const temporarilyUnavailable = {
  error: 'temporarily_unavailable',
  error_description: DESCRIPTION,
} as const;

/**
 * Whether a failure is a store gone away, not a fault of the request: the database's
 * connection lost (db/resilientPool.ts) or the key-value store not answering
 * (kv/storeUnavailable.ts). Such a call may be retried shortly.
 */
export function storeUnavailable(error: unknown): boolean {
  return (
    error instanceof StoreUnavailable ||
    error instanceof KeyValueStoreUnavailable ||
    connectionLost(error)
  );
}

/**
 * A store gone away in oidc-provider's own terms: `temporarily_unavailable` (RFC 6749
 * 4.1.2.1, 5.2) with 503. The authorization endpoint sends it to a redirect_uri it has checked
 * (a 503 cannot travel in a redirect); the token and userinfo endpoints answer it as JSON.
 */
export class StoreUnavailable extends errors.TemporarilyUnavailable {
  constructor(cause: unknown) {
    super(DESCRIPTION, { cause });
    this.status = 503;
    this.statusCode = 503;
  }
}

function translated(error: unknown): unknown {
  return storeUnavailable(error) && !(error instanceof StoreUnavailable)
    ? new StoreUnavailable(error)
    : error;
}

/** The adapter, its store's outages reported as StoreUnavailable. */
export function reportingUnavailable(adapter: Adapter): Adapter {
  const run = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw translated(error);
    }
  };
  return {
    upsert: (id, payload, expiresIn) => run(() => adapter.upsert(id, payload, expiresIn)),
    find: (id) => run(() => adapter.find(id)),
    findByUserCode: (userCode) => run(() => adapter.findByUserCode(userCode)),
    findByUid: (uid) => run(() => adapter.findByUid(uid)),
    consume: (id) => run(() => adapter.consume(id)),
    destroy: (id) => run(() => adapter.destroy(id)),
    revokeByGrantId: (grantId) => run(() => adapter.revokeByGrantId(grantId)),
  };
}

/** The provider's error page for an outage (renderError, and failures after the route). */
export function renderUnavailable(
  ctx: Pick<KoaContextWithOIDC, 'status' | 'type' | 'body'>,
  productName: string,
  language: Language = 'en',
): void {
  const text = providerPages[language];
  ctx.status = 503;
  ctx.type = 'html';
  ctx.body = htmlPage(
    text.errorTitle,
    `<h1>${escapeHtml(text.errorHeading)}</h1>
<p>${escapeHtml(text.unavailable(productName))}</p>
<dl><dt>${escapeHtml(text.error)}</dt><dd><code>temporarily_unavailable</code></dd></dl>`,
    { product: productName, language },
  );
}

/**
 * Every answer of oidc-provider that a store's outage caused is a 503 with Retry-After and
 * `temporarily_unavailable`, never a 500 `server_error`: the adapter reports the outage in the
 * provider's terms (reportingUnavailable); a failure elsewhere (finding the account, a prompt's
 * check, saving the session after the route) reaches oidc-provider as a server error, which is
 * answered here instead. `onUnavailable` hears each such call once (for the log).
 */
export function answerStoreUnavailable(
  provider: Provider,
  productName: string,
  onUnavailable: (error: unknown, path: string) => void,
): void {
  const failed = new WeakMap<object, unknown>();
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (storeUnavailable(error)) failed.set(ctx, error);
  });
  provider.on('authorization.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (error instanceof StoreUnavailable) failed.set(ctx, error);
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!storeUnavailable(error)) throw error;
      failed.set(ctx, error);
      if (ctx.accepts('json', 'html') === 'html')
        renderUnavailable(ctx, productName, koaLanguage(ctx));
      else ctx.body = { ...temporarilyUnavailable };
    }
    // A 503 is only ever an outage: StoreUnavailable answered by the provider's error handler.
    const error = failed.get(ctx) ?? (ctx.status === 503 ? 'temporarily_unavailable' : undefined);
    if (error === undefined) return;
    onUnavailable(error, ctx.path);
    // An authorization error sent to the client's checked redirect_uri stays a redirect.
    if (ctx.status >= 300 && ctx.status < 400) return;
    ctx.status = 503;
    if (isOAuthError(ctx.body, 'server_error')) ctx.body = { ...temporarilyUnavailable };
    ctx.set('Retry-After', '1');
  });
}

function isOAuthError(body: unknown, code: string): boolean {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === code;
}

/** The failure's code (a SQLSTATE, a socket error), for the log: never a statement or a value. */
export function failureCode(error: unknown): string | undefined {
  const failure = error instanceof StoreUnavailable ? error.cause : error;
  const code = (failure as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
