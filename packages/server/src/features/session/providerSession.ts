import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RequestLogin, SessionLike } from '../../oidc/interactions.js';
import {
  acrForAmr,
  withSecondFactor,
  type SecondFactorAmr,
} from '../../oidc/authenticationStrength.js';
import { sessionIdleSeconds } from '../../oidc/provider.js';

/** oidc-provider's Session, with the members its typings leave out. */
type SessionRecord = SessionLike & {
  new?: boolean;
  destroy(): Promise<void>;
  save(ttl: number): Promise<unknown>;
  loginAccount(details: Record<string, unknown>): void;
};

type KoaContext = ReturnType<AppContext['provider']['createContext']>;

/**
 * oidc-provider's session cookie, read and written from our own routes. koa's cookie jar
 * writes to the raw response; the headers are moved onto Fastify's reply so both sets of
 * cookies reach the browser.
 */
async function withProviderCookies<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (koa: KoaContext) => Promise<T>,
): Promise<T> {
  const koa = ctx.provider.createContext(request.raw, reply.raw);
  try {
    return await work(koa);
  } finally {
    const written = reply.raw.getHeader('set-cookie');
    if (written !== undefined) {
      reply.raw.removeHeader('set-cookie');
      for (const cookie of Array.isArray(written) ? written : [String(written)])
        reply.header('set-cookie', cookie);
    }
  }
}

/** The browser's session (a new, empty one when it has none). */
export async function readSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionLike> {
  const koa = ctx.provider.createContext(request.raw, reply.raw);
  return (await ctx.provider.Session.get(koa)) as unknown as SessionLike;
}

/** Signs the browser in: any previous session is destroyed and a new one issued (no fixation). */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  login: RequestLogin,
): Promise<SessionLike> {
  return withProviderCookies(ctx, request, reply, async (koa) => {
    const previous = (await ctx.provider.Session.get(koa)) as unknown as SessionRecord;
    if (!previous.new) await previous.destroy();
    const session = new ctx.provider.Session() as unknown as SessionRecord;
    session.loginAccount({
      accountId: login.accountId,
      amr: login.amr,
      acr: login.acr,
      loginTs: login.loginTs,
      transient: !login.remember,
    });
    await session.save(sessionIdleSeconds(login.remember));
    koa.cookies.set(ctx.provider.cookieName('session'), session.id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: ctx.config.publicUrl.protocol === 'https:',
      ...(login.remember
        ? { expires: new Date((login.loginTs + sessionIdleSeconds(true)) * 1000) }
        : {}),
    });
    return session;
  });
}

/** Ends the browser's session; returns the account that was signed in, if any. */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  return withProviderCookies(ctx, request, reply, async (koa) => {
    const session = (await ctx.provider.Session.get(koa)) as unknown as SessionRecord;
    const accountId = session.accountId;
    if (!session.new) await session.destroy();
    // A __Host- cookie is only cleared by a Set-Cookie that is Secure with Path=/.
    koa.cookies.set(ctx.provider.cookieName('session'), null, {
      signed: true,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.publicUrl.protocol === 'https:',
    });
    return accountId;
  });
}

/**
 * Adds a proved second factor to the browser's session: its amr gains the method's value and
 * 'mfa', and its acr is recomputed. The login time stays that of the first factor.
 */
export async function addSessionFactor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  method: SecondFactorAmr,
): Promise<SessionLike> {
  return withProviderCookies(ctx, request, reply, async (koa) => {
    const session = (await ctx.provider.Session.get(koa)) as unknown as SessionRecord;
    if (!session.accountId) throw new Error('no signed-in session to add a factor to');
    session.amr = withSecondFactor(session.amr ?? [], method);
    session.acr = acrForAmr(session.amr);
    await session.save(sessionIdleSeconds(!session.transient));
    return session;
  });
}
