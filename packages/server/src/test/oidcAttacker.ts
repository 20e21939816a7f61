import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
} from './journey.js';
import type { TestServer } from './testServer.js';

export type Target = 'sqlite' | 'postgres';

/** A server with one confidential client that skips consent, and a signed-up user. */
export async function relyingPartySetup(
  target: Target,
  policy: Record<string, unknown> = {},
  env: Record<string, string> = {},
) {
  // Behind a trusted proxy, so each attack request can come from its own address (an
  // attacker has many) and the per-address limits of the token endpoint do not hide a race.
  const { server, created, config } = await startServerWithClient(
    target,
    { TRUST_PROXY: '1', ...env },
    { name: 'Attacked client', redirectUris: [redirectUri], skipConsent: true, ...policy },
  );
  const email = `${randomUUID()}@example.com`;
  const browser = await signUp(server, email);
  return { server, created, config, email, browser };
}

/**
 * The browser's part of a sign-in (the user is signed in already): authorization request
 * with offline_access, generateresponse, redirects back to the client. The code and verifier.
 */
export async function authorizationCode(
  server: TestServer,
  config: oidc.Configuration,
  browser: ApiBrowser,
): Promise<{ code: string; verifier: string }> {
  const request = await startSignInRequest(server, config, browser, {
    scope: 'openid offline_access',
    prompt: 'consent',
  });
  const generated = await browser.post('/api/generateresponse', { requestId: request.requestId });
  expect(generated.status).toBe(200);
  let response = await browser.fetch(generated.body.redirect_Uri as string);
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (!location) break;
    if (location.startsWith(redirectUri)) {
      const code = new URL(location).searchParams.get('code');
      if (code) return { code, verifier: request.verifier };
      break;
    }
    response = await browser.fetch(new URL(location, server.url).href);
  }
  throw new Error(`no code: the sign-in stopped at ${response.status}`);
}

export interface TokenAnswer {
  status: number;
  body: {
    access_token?: string;
    refresh_token?: string;
    error?: string;
  };
}

let addresses = 0;
/** A documentation address (RFC 5737) not used before in this process. */
const nextAddress = () => {
  addresses++;
  return `203.0.${113 + ((addresses >> 8) & 7)}.${addresses & 255}`;
};

/**
 * One raw token request, as an attacker (or a client) sends it, from its own address; a
 * confidential client authenticates with HTTP Basic, a public one only names itself.
 */
export async function tokenRequest(
  config: oidc.Configuration,
  created: { clientId: string; clientSecret: string | null },
  params: Record<string, string>,
): Promise<TokenAnswer> {
  const response = await fetch(config.serverMetadata().token_endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': nextAddress(),
      ...(created.clientSecret === null
        ? {}
        : {
            authorization: `Basic ${Buffer.from(
              `${encodeURIComponent(created.clientId)}:${encodeURIComponent(created.clientSecret)}`,
            ).toString('base64')}`,
          }),
    },
    body: new URLSearchParams(
      created.clientSecret === null ? { ...params, client_id: created.clientId } : params,
    ),
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer['body'] };
}

/** Whether the resource side still honours an access token: userinfo and introspection. */
export async function accessTokenWorks(
  config: oidc.Configuration,
  created: { clientId: string; clientSecret: string | null },
  accessToken: string,
): Promise<{ userinfo: number; active: boolean }> {
  const userinfo = await fetch(config.serverMetadata().userinfo_endpoint!, {
    headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': nextAddress() },
  });
  const introspected = await fetch(config.serverMetadata().introspection_endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': nextAddress(),
      authorization: `Basic ${Buffer.from(`${created.clientId}:${created.clientSecret!}`).toString('base64')}`,
    },
    body: new URLSearchParams({ token: accessToken }),
  });
  const { active } = (await introspected.json()) as { active: boolean };
  return { userinfo: userinfo.status, active };
}

/** Fires the same call `count` times at once; the answers in order. */
export function inParallel<T>(count: number, call: () => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, call));
}

/**
 * Opens `count` keep-alive connections to the server first (fetch pools them), so that the
 * calls fired next arrive together instead of one by one as connections open: the race
 * window between oidc-provider's read and its consume is then hit every time it exists.
 */
export async function warmConnections(server: TestServer, count: number): Promise<void> {
  await inParallel(count, async () => {
    const response = await fetch(`${server.url}/.well-known/openid-configuration`);
    await response.arrayBuffer();
  });
}
