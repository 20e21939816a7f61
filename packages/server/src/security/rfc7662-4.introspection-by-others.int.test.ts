import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri } from '../test/journey.js';
import {
  authorizationCode,
  relyingPartySetup,
  tokenRequest,
  type TokenAnswer,
} from '../test/oidcAttacker.js';

/**
 * RFC 7662 §4 (introspection: the server decides whether the caller may learn about the
 * token) and §2.2 (an inactive answer says nothing else). Another confidential client that
 * holds a user's token (leaked to it, or sent to the wrong resource) asks the introspection
 * endpoint about it. Before: oidc-provider's default policy answered any confidential client
 * with the token's subject, scope and client; now only the client the token was issued to
 * learns anything, and revocation by another client is refused as before.
 */
describe.each(databaseTargets())(
  'introspection and revocation by another client (%s)',
  (target) => {
    let setup: Awaited<ReturnType<typeof relyingPartySetup>>;
    let other: { clientId: string; clientSecret: string | null };
    let tokens: TokenAnswer['body'];

    beforeAll(async () => {
      setup = await relyingPartySetup(target);
      other = await setup.server.ctx.clients.create({
        name: 'Another relying party',
        redirectUris: [redirectUri],
      });
      const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
      ({ body: tokens } = await tokenRequest(setup.config, setup.created, {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }));
    });
    afterAll(async () => setup?.server.close());

    const introspect = async (
      client: { clientId: string; clientSecret: string | null },
      token: string,
    ) => {
      const endpoint = setup.config.serverMetadata().introspection_endpoint!;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret!}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it.each(['access_token', 'refresh_token'] as const)(
      "tells another client nothing about a user's %s",
      async (kind) => {
        const token = tokens[kind]!;
        expect(await introspect(other, token)).toEqual({ status: 200, body: { active: false } });
        // The client it was issued to still learns what it is.
        const own = await introspect(setup.created, token);
        expect(own.body).toMatchObject({ active: true, client_id: setup.created.clientId });
        expect(typeof own.body.sub).toBe('string');
      },
    );

    it("refuses another client's revocation of a user's refresh token, which keeps working", async () => {
      const endpoint = setup.config.serverMetadata().revocation_endpoint!;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${other.clientId}:${other.clientSecret!}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token: tokens.refresh_token! }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
      expect((await introspect(setup.created, tokens.refresh_token!)).body.active).toBe(true);
    });
  },
);
