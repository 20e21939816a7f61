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
export async function relyingPartySetup(target: Target, policy: Record<string, unknown> = {}) {
  const { server, created, config } = await startServerWithClient(
    target,
    {},
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

/** One raw token request, as an attacker (or a client) sends it. */
export async function tokenRequest(
  config: oidc.Configuration,
  created: { clientId: string; clientSecret: string | null },
  params: Record<string, string>,
): Promise<TokenAnswer> {
  const response = await fetch(config.serverMetadata().token_endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(
        `${encodeURIComponent(created.clientId)}:${encodeURIComponent(created.clientSecret!)}`,
      ).toString('base64')}`,
    },
    body: new URLSearchParams(params),
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
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const introspected = await fetch(config.serverMetadata().introspection_endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
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
