import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { startTestServer, type TestServer } from '../test/testServer.js';
import { inParallel, warmConnections } from '../test/oidcAttacker.js';

/**
 * RFC 7523 §3 and OpenID Connect Core §9 (private_key_jwt): a client assertion is accepted
 * once. Sent many times at once it authenticates one call (oidc-provider's own check is a read
 * then a write; oidc/replayDetection.ts makes it one insert).
 */
describe.each(databaseTargets())('client assertion replay (%s)', (target) => {
  let server: TestServer;
  let jwks: Server;
  let clientId: string;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey as CryptoKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', use: 'sig', alg: 'ES256' };
    jwks = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const jwksUri = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
    server = await startTestServer(
      target,
      {},
      {
        before: async (stores) => {
          ({ clientId } = await stores.clients.create({
            name: 'Signed client',
            redirectUris: ['http://127.0.0.1:3001/callback'],
            jwksUri,
          }));
        },
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  const assertion = (audience: string, jti = randomUUID()) =>
    new SignJWT({ jti })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(privateKey);

  const introspect = (clientAssertion: string) =>
    fetch(`${server.url}/oidc/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: 'not-a-token',
        client_id: clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion,
      }),
    });

  it('authenticates with a fresh assertion, and not with one used before', async () => {
    const signed = await assertion(`${server.url}/oidc/token`);
    const first = await introspect(signed);
    expect(first.status).toBe(200);
    const again = await introspect(signed);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'invalid_client' });
    expect((await introspect(await assertion(`${server.url}/oidc/token`))).status).toBe(200);
  });

  it('of one assertion sent 20 times at once, one call is authenticated', async () => {
    const signed = await assertion(`${server.url}/oidc/token`);
    await warmConnections(server, 20);
    const answers = await inParallel(20, () => introspect(signed));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 401)).toEqual([]);
  });
});
