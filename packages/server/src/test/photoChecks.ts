/**
 * What the photo checks' integration tests share (photoId, photoHandoff, vendorPhotoId): the
 * server with their two clients, a user in a request with an option chosen, the person the
 * specimens print, the provider held at a gate, and small readers of answers.
 */
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { SpecimenPerson } from '../../test/photoSpecimens.js';
import type { PhotoIdProvider } from '../features/photoId/photoIdProvider.js';
import { claimIdentity, type TestIdentity } from './identities.js';
import {
  discoverClient,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
} from './journey.js';
import type { TestServer } from './testServer.js';

/** Anna Smith (identities.ts) as her documents print her. */
export const annaSpecimen: SpecimenPerson = {
  surname: 'SMITH',
  givenNames: 'ANNA',
  birthDate: '1985-02-17',
  expiryDate: '2031-04-30',
  issueDate: '2021-06-30',
  number: '533401372',
  sex: 'F',
};

/** The claims a client asks for with verified_claims, to read a photo check's evidence. */
export const verifiedClaimsRequest = {
  verification: { trust_framework: null },
  claims: { given_name: null, family_name: null, birthdate: null },
};

/** The catalogue code of an API answer's error, if any. */
export const errorCodeOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.error as { code?: string } | undefined)?.code;

/** The authenticator app's code for this secret now. */
export const totpCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

/** A server with the photo checks' clients, and each client's configuration. */
export interface PhotoServer {
  server: TestServer;
  /** 'Estate agent': a passport or a driving licence photo, alone. */
  config: oidc.Configuration;
  /** 'Bank': a passport photo with a selfie. */
  selfieConfig: oidc.Configuration;
}

export async function startPhotoServer(
  target: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<PhotoServer> {
  const { server, config } = await startServerWithClient(target, env, {
    name: 'Estate agent',
    redirectUris: [redirectUri],
    assurance: [['GenuinePassport'], ['GenuineDrivingLicence']],
  });
  const bank = await server.ctx.clients.create({
    name: 'Bank',
    redirectUris: [redirectUri],
    assurance: [['GenuinePassport', 'SelfieComparison']],
  });
  return { server, config, selfieConfig: await discoverClient(server, bank) };
}

/**
 * A new user (with the profile of `identity`, or none) in a new request of the client whose
 * options have these checks, the option chosen; its e-mail, id, request, state and verifier.
 */
export async function userChoosing(
  { server, config, selfieConfig }: PhotoServer,
  checks: string[],
  {
    identity = 'anna',
    email = `${randomUUID()}@example.com`,
    params = {},
  }: { identity?: TestIdentity | null; email?: string; params?: Record<string, string> } = {},
) {
  const browser = await signUp(server, email);
  const userId = identity
    ? await claimIdentity(server, email, identity)
    : (await server.ctx.users.findByEmail(email))!.id;
  const state = oidc.randomState();
  const client = checks.includes('SelfieComparison') ? selfieConfig : config;
  const { requestId, verifier } = await startSignInRequest(server, client, browser, {
    state,
    ...params,
  });
  const chosen = await browser.post(`/api/verification/${requestId}/choice`, { checks });
  expect(chosen.status).toBe(200);
  return { browser, email, userId, requestId, state, verifier };
}

/**
 * The provider, held at a gate: each call waits until `open()` (or a second call arrives,
 * which opens it so that a test of 'one at a time' fails rather than hangs). `calls` counts.
 */
export function gated(provider: PhotoIdProvider) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate = {
    calls: 0,
    open: () => open(),
    provider: {
      ...provider,
      async readDocument(...args: Parameters<PhotoIdProvider['readDocument']>) {
        if (++gate.calls > 1) open();
        await opened;
        return provider.readDocument(...args);
      },
      async compareSelfie(...args: Parameters<PhotoIdProvider['compareSelfie']>) {
        if (++gate.calls > 1) open();
        await opened;
        return provider.compareSelfie(...args);
      },
    } satisfies PhotoIdProvider,
  };
  return gate;
}
