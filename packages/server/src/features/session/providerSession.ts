import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RequestLogin } from '../../oidc/interactions.js';
import { sessionIdleSeconds } from '../../oidc/provider.js';

/**
 * oidc-provider's session cookie written from our own routes (a login with no sign-in request
 * in progress, and logout). koa's cookie jar writes to the raw response; the headers are moved
 * onto Fastify's reply so both sets of cookies reach the browser.
 */
/** oidc-provider's Session, with the members its typings leave out. */
interface SessionRecord {
  new?: boolean;
  id: string;
  accountId?: string;
  destroy(): Promise<void>;
}

function withProviderCookies<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (koa: ReturnType<AppContext['provider']['createContext']>) => Promise<T>,
): Promise<T> {
  const koa = ctx.provider.createContext(request.raw, reply.raw);
  return work(koa).finally(() => {
    const written = reply.raw.getHeader('set-cookie');
    if (written === undefined) return;
    reply.raw.removeHeader('set-cookie');
    for (const cookie of Array.isArray(written) ? written : [String(written)])
      reply.header('set-cookie', cookie);
  });
}

/** Signs the browser in: any previous session is destroyed and a new id issued (no fixation). */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  login: Omit<RequestLogin, 'existingSession'>,
): Promise<void> {
  await withProviderCookies(ctx, request, reply, async (koa) => {
    const previous = (await ctx.provider.Session.get(koa)) as unknown as SessionRecord;
    if (!previous.new) await previous.destroy();
    const session = new ctx.provider.Session();
    session.loginAccount({
      accountId: login.accountId,
      amr: login.amr,
      acr: login.acr,
      loginTs: login.loginTs,
      transient: !login.remember,
    });
    await session.save(sessionIdleSeconds(login.remember));
    koa.cookies.set(ctx.provider.cookieName('session'), (session as unknown as SessionRecord).id, {
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: ctx.config.publicUrl.protocol === 'https:',
      ...(login.remember
        ? { expires: new Date((login.loginTs + sessionIdleSeconds(true)) * 1000) }
        : {}),
    });
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
    koa.cookies.set(ctx.provider.cookieName('session'), null, { signed: true });
    return accountId;
  });
}
