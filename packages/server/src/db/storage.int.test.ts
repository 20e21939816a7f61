import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { FieldEncryption } from '../crypto/fieldEncryption.js';
import { ClientStore } from '../features/clients/store.js';
import { DatabaseAdapter, sweepExpired } from '../oidc/adapter.js';
import { RotationConflict, SigningKeyStore, type SigningKeyInfo } from '../oidc/keys.js';
import { openStores } from '../stores.js';
import { databaseTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { migrateToLatest } from './database.js';

type Stores = Awaited<ReturnType<typeof openStores>>;

describe.each(databaseTargets())('storage (%s)', (target) => {
  let stores: Stores;
  let cleanup: () => Promise<void>;
  let now = Date.now();
  const clock = () => now;

  beforeAll(async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  it('migrates idempotently', async () => {
    expect(await migrateToLatest(stores.database.db)).toEqual([]);
  });

  describe('oidc-provider adapter', () => {
    const adapter = () =>
      new DatabaseAdapter('AccessToken', stores.database.db, stores.clients, clock);

    it('stores, finds and forgets records by id, uid and user code', async () => {
      const payload = {
        jti: 'at1',
        grantId: 'g1',
        uid: 'u1',
        userCode: 'UC1',
        kind: 'AccessToken',
      };
      await adapter().upsert('at1', payload, 60);
      expect(await adapter().find('at1')).toEqual(payload);
      expect(await adapter().findByUid('u1')).toEqual(payload);
      expect(await adapter().findByUserCode('UC1')).toEqual(payload);
      await adapter().upsert('at1', { ...payload, extra: { scope: 'openid' } }, 60);
      expect(await adapter().find('at1')).toMatchObject({ extra: { scope: 'openid' } });
      await adapter().destroy('at1');
      expect(await adapter().find('at1')).toBeUndefined();
    });

    it('keeps models apart', async () => {
      await adapter().upsert('same', { kind: 'AccessToken' }, 60);
      const codes = new DatabaseAdapter(
        'AuthorizationCode',
        stores.database.db,
        stores.clients,
        clock,
      );
      expect(await codes.find('same')).toBeUndefined();
    });

    it('marks a record consumed', async () => {
      await adapter().upsert('at2', { jti: 'at2' }, 60);
      await adapter().consume('at2');
      expect((await adapter().find('at2'))?.consumed).toBeTypeOf('number');
    });

    it('consumes once: of parallel consumes one wins, the others are refused and revoke the grant', async () => {
      const model = (name: string) =>
        new DatabaseAdapter(name, stores.database.db, stores.clients, clock);
      await model('Grant').upsert('g-race', { jti: 'g-race', accountId: 'a' }, 60);
      await model('RefreshToken').upsert('rt-race', { jti: 'rt-race', grantId: 'g-race' }, 60);
      await model('AccessToken').upsert('at-race', { jti: 'at-race', grantId: 'g-race' }, 60);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => model('RefreshToken').consume('rt-race')),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({ error: 'invalid_grant' });
      expect(await model('Grant').find('g-race')).toBeUndefined();
      expect(await model('AccessToken').find('at-race')).toBeUndefined();
    });

    it('saving a consumed record again does not make it usable', async () => {
      const codes = new DatabaseAdapter(
        'AuthorizationCode',
        stores.database.db,
        stores.clients,
        clock,
      );
      await codes.upsert('code-saved', { jti: 'code-saved' }, 60);
      await codes.consume('code-saved');
      await codes.upsert('code-saved', { jti: 'code-saved' }, 60);
      expect((await codes.find('code-saved'))?.consumed).toBeTypeOf('number');
    });

    it('revokes every record of a grant', async () => {
      await adapter().upsert('at3', { grantId: 'g3' }, 60);
      const refresh = new DatabaseAdapter(
        'RefreshToken',
        stores.database.db,
        stores.clients,
        clock,
      );
      await refresh.upsert('rt3', { grantId: 'g3' }, 60);
      await adapter().upsert('at4', { grantId: 'other' }, 60);
      await adapter().revokeByGrantId('g3');
      expect(await adapter().find('at3')).toBeUndefined();
      expect(await refresh.find('rt3')).toBeUndefined();
      expect(await adapter().find('at4')).toBeDefined();
    });

    it('never returns an expired record, and sweeps it', async () => {
      await adapter().upsert('at5', { jti: 'at5' }, 10);
      now += 11_000;
      expect(await adapter().find('at5')).toBeUndefined();
      expect(await sweepExpired(stores.database.db, now)).toBeGreaterThanOrEqual(1);
      const left = await stores.database.db
        .selectFrom('oidc_payloads')
        .select('id')
        .where('id', '=', 'at5')
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe('clients', () => {
    it('stores the secret encrypted and gives it to the provider decrypted', async () => {
      const created = await stores.clients.create({
        name: 'Shop',
        redirectUris: ['https://shop.example/cb'],
        claims: ['email'],
      });
      const row = await stores.database.db
        .selectFrom('clients')
        .selectAll()
        .where('client_id', '=', created.clientId)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).not.toContain(created.clientSecret);
      expect(await stores.clients.providerMetadata(created.clientId)).toMatchObject({
        client_secret: created.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
      });
      const other = new ClientStore(stores.database.db, new FieldEncryption(randomBytes(32)));
      await expect(other.providerMetadata(created.clientId)).rejects.toThrow();
    });

    it.each([
      [{ public: true }, 'none', false],
      [{ jwksUri: 'https://rp.example/jwks' }, 'private_key_jwt', false],
      [{}, 'client_secret_basic', true],
    ])('chooses the authentication method %o', async (extra, method, hasSecret) => {
      const created = await stores.clients.create({
        name: 'C',
        redirectUris: ['https://c.example/cb'],
        ...extra,
      });
      expect(created.metadata.token_endpoint_auth_method).toBe(method);
      expect(created.clientSecret !== null).toBe(hasSecret);
    });

    it('updates only what is given and keeps the policy', async () => {
      const created = await stores.clients.create({
        name: 'Bank',
        redirectUris: ['https://bank.example/cb'],
        assurance: [['Passport', 'KBVL1']],
        requireSecondFactor: true,
      });
      const updated = await stores.clients.update(created.clientId, {
        name: 'Bank plc',
        skipConsent: true,
      });
      expect(updated.metadata.client_name).toBe('Bank plc');
      expect(updated.policy).toMatchObject({
        assurance: [['Passport', 'KBVL1']],
        requireSecondFactor: true,
        skipConsent: true,
      });
      expect(await stores.clients.providerMetadata(created.clientId)).toMatchObject({
        client_secret: created.clientSecret,
      });
    });

    it.each([
      [{ redirectUris: [] }],
      [{ redirectUris: ['http://shop.example/cb'] }],
      [{ redirectUris: ['https://shop.example/cb#frag'] }],
      [{ redirectUris: ['not a url'] }],
      [{ assurance: [['NotACheck']] }],
      [{ claims: ['shoe_size'] }],
      [{ customClaims: [{ name: 'x', type: 'colour', title: 'X' }] }],
      [{ sessionLifetime: 5 }],
      [{ public: true, jwksUri: 'https://rp.example/jwks' }],
    ])('refuses bad settings %o and stores nothing', async (bad) => {
      const before = (await stores.clients.list()).length;
      await expect(
        stores.clients.create({
          name: 'Bad',
          redirectUris: ['https://ok.example/cb'],
          ...bad,
        } as never),
      ).rejects.toThrow();
      expect((await stores.clients.list()).length).toBe(before);
    });

    it('removes a client', async () => {
      const created = await stores.clients.create({
        name: 'Gone',
        redirectUris: ['https://gone.example/cb'],
      });
      await stores.clients.remove(created.clientId);
      expect(await stores.clients.find(created.clientId)).toBeUndefined();
      await expect(stores.clients.remove(created.clientId)).rejects.toThrow(/No client/);
    });
  });

  describe('signing keys', () => {
    const states = (keys: SigningKeyInfo[]) =>
      Object.fromEntries(keys.map((key) => [key.kid, key.state]));

    it('stages a rotation, then retires the old keys once what they signed has expired', async () => {
      const keys = new SigningKeyStore(
        stores.database.db,
        stores.encryption,
        stores.keys.timings,
        clock,
      );
      await keys.ensureKeys();
      await keys.ensureKeys();
      const first = await keys.list();
      expect(first.map((key) => [key.alg, key.state])).toEqual([
        ['ES256', 'signing'],
        ['RS256', 'signing'],
      ]);
      const rows = await stores.database.db
        .selectFrom('signing_keys')
        .select('private_jwk')
        .execute();
      for (const row of rows) expect(row.private_jwk).not.toMatch(/"d"/);

      const created = await keys.rotate();
      const { activationDelayMs, publishedAfterUseMs } = keys.timings;
      expect(created.map((key) => [key.state, key.activatesAt])).toEqual([
        ['next', now + activationDelayMs],
        ['next', now + activationDelayMs],
      ]);
      const oldKids = first.map((key) => key.kid);
      expect(states(await keys.list())).toMatchObject(
        Object.fromEntries(oldKids.map((kid) => [kid, 'signing'])),
      );

      now += activationDelayMs;
      const rotated = await keys.list();
      expect(rotated.filter((key) => key.state === 'signing').map((key) => key.kid)).toEqual(
        created.map((key) => key.kid),
      );
      expect(rotated.filter((key) => key.state === 'previous').map((key) => key.kid)).toEqual(
        oldKids,
      );

      now += publishedAfterUseMs - 1;
      expect(await keys.list()).toHaveLength(4);
      now += 1;
      const later = await keys.list();
      expect(later.map((key) => key.kid)).toEqual(created.map((key) => key.kid));
      expect((await keys.load()).map((key) => key.kid).sort()).toEqual(
        created.map((key) => key.kid).sort(),
      );
    });

    it('lets exactly one of rotations made at once in', async () => {
      const keys = () =>
        new SigningKeyStore(stores.database.db, stores.encryption, stores.keys.timings, clock);
      await keys().ensureKeys();
      const before = await stores.database.db.selectFrom('signing_keys').select('kid').execute();
      const outcomes = await Promise.allSettled([keys().rotate(), keys().rotate()]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(RotationConflict);
      const after = await stores.database.db.selectFrom('signing_keys').select('kid').execute();
      expect(after).toHaveLength(before.length + 2);
    });
  });
});
