import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { databaseTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { ProfileStore } from '../features/profile/profileStore.js';
import { DatabaseAdapter } from './adapter.js';
import { accountFinder } from './account.js';

// oidc-provider's own request context (Provider.ctx), entered here as its middleware does.
const { default: providerRequests } = (await import(
  'oidc-provider/lib/helpers/als.js' as string
)) as { default: AsyncLocalStorage<object> };
const inRequest = <T>(request: object, run: () => Promise<T>) => providerRequests.run(request, run);

type Stores = Awaited<ReturnType<typeof openStores>>;

/**
 * A code or refresh token is read with its Grant and Session in one statement (adapter.ts,
 * requestMemo.ts): the provider's next reads of those two are answered from that statement,
 * within the same request only, once, and never after the request wrote anything.
 */
describe.each(databaseTargets())('a token read with its Grant and Session (%s)', (target) => {
  let stores: Stores;
  let cleanup: () => Promise<void>;
  let now = Date.now();
  const model = (name: string) =>
    new DatabaseAdapter(name, stores.database.db, stores.clients, () => now);
  /** Deletes a record behind the adapter's back: only a kept copy can still answer. */
  const deleteRow = (name: string, id: string) =>
    stores.database.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', name)
      .where('id', '=', id)
      .execute();

  let n = 0;
  /** A Grant, a Session and a token of `kind` under both; their payloads. */
  async function issued(kind = 'AuthorizationCode', grantSeconds = 600) {
    n++;
    const grant = { jti: `g${n}`, accountId: 'a', kind: 'Grant' };
    const session = { jti: `s${n}`, uid: `u${n}`, accountId: 'a', kind: 'Session' };
    const token = { jti: `t${n}`, grantId: `g${n}`, sessionUid: `u${n}`, kind };
    await model('Grant').upsert(grant.jti, grant, grantSeconds);
    await model('Session').upsert(session.jti, session, 600);
    await model(kind).upsert(token.jti, token, 60);
    return { grant, session, token };
  }

  beforeAll(async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  it.each(['AuthorizationCode', 'RefreshToken'])(
    '%s: the same token as a plain read; its Grant and Session from the same statement',
    async (kind) => {
      const { grant, session, token } = await issued(kind);
      expect(await model(kind).find(token.jti)).toEqual(token);
      await inRequest({}, async () => {
        expect(await model(kind).find(token.jti)).toEqual(token);
        await deleteRow('Grant', grant.jti);
        await deleteRow('Session', session.jti);
        expect(await model('Grant').find(grant.jti)).toEqual(grant);
        expect(await model('Session').findByUid(session.uid)).toEqual(session);
        // Once only: read again, they come from the database, where they are gone.
        expect(await model('Grant').find(grant.jti)).toBeUndefined();
        expect(await model('Session').findByUid(session.uid)).toBeUndefined();
      });
    },
  );

  it('is never served to another request, nor outside a request', async () => {
    const { grant, token } = await issued();
    await inRequest({}, async () => {
      await model('AuthorizationCode').find(token.jti);
    });
    await deleteRow('Grant', grant.jti);
    expect(await inRequest({}, () => model('Grant').find(grant.jti))).toBeUndefined();
    expect(await model('Grant').find(grant.jti)).toBeUndefined();
  });

  it('keeps nothing when read outside a request', async () => {
    const { grant, token } = await issued();
    expect(await model('AuthorizationCode').find(token.jti)).toEqual(token);
    await deleteRow('Grant', grant.jti);
    expect(await model('Grant').find(grant.jti)).toBeUndefined();
  });

  it.each([
    ['a save', () => model('AccessToken').upsert('at-w', { jti: 'at-w' }, 60)],
    ['a consume', () => model('AuthorizationCode').consume(`t${n}`)],
    ['a destroy', () => model('AccessToken').destroy('none')],
    ['a revocation', () => model('AccessToken').revokeByGrantId('none')],
  ])('is dropped once the request writes (%s)', async (_, write) => {
    const { grant, session, token } = await issued();
    await inRequest({}, async () => {
      await model('AuthorizationCode').find(token.jti);
      await deleteRow('Grant', grant.jti);
      await deleteRow('Session', session.jti);
      await write();
      expect(await model('Grant').find(grant.jti)).toBeUndefined();
      expect(await model('Session').findByUid(session.uid)).toBeUndefined();
    });
  });

  it('gives a consumed token as consumed, and no expired Grant', async () => {
    const { grant, token } = await issued('AuthorizationCode', 10);
    await model('AuthorizationCode').consume(token.jti);
    now += 11_000;
    await inRequest({}, async () => {
      const found = await model('AuthorizationCode').find(token.jti);
      expect(found).toMatchObject({ jti: token.jti });
      expect(found?.consumed).toBeTypeOf('number');
      expect(await model('Grant').find(grant.jti)).toBeUndefined();
    });
  });

  describe('its account', () => {
    let m = 0;
    /** A user with a profile, and a token of `kind` naming it (with its Grant and Session). */
    async function withAccount(kind = 'AuthorizationCode') {
      m++;
      const id = `user-${target}-${m}-${Date.now()}`;
      await stores.database.db
        .insertInto('users')
        .values({ id, email: `${id}@example.com`, email_verified: 1, created_at: 0, updated_at: 0 })
        .execute();
      const profiles = new ProfileStore(stores.database.db, stores.encryption);
      await profiles.update(id, { given_name: 'Ada' });
      const { token } = await issued(kind);
      const withUser = { ...token, jti: `${token.jti}-${m}`, accountId: id };
      await model(kind).upsert(withUser.jti, withUser, 60);
      const find = accountFinder(stores.database.db, profiles);
      const claimsOf = async (request: object) => {
        const account = await find(request as never, id);
        return account && (await account.claims('id_token', 'openid', {}, []));
      };
      const deleteUser = () =>
        stores.database.db.deleteFrom('users').where('id', '=', id).execute();
      return { id, token: withUser, claimsOf, deleteUser };
    }

    it.each(['AuthorizationCode', 'RefreshToken'])(
      '%s: the user and profile from the same statement, once, kept across the consume',
      async (kind) => {
        const { id, token, claimsOf, deleteUser } = await withAccount(kind);
        const request = {};
        await inRequest(request, async () => {
          await model(kind).find(token.jti);
          await deleteUser();
          // The request's own writes are to oidc_payloads: the user row is still the one read.
          await model(kind).consume(token.jti);
          expect(await claimsOf(request)).toMatchObject({
            sub: id,
            email: `${id}@example.com`,
            email_verified: true,
            given_name: 'Ada',
          });
          // Once only: asked again, the database answers, where the user is gone.
          expect(await claimsOf(request)).toBeUndefined();
        });
      },
    );

    it('is never given to another request', async () => {
      const { token, claimsOf, deleteUser } = await withAccount();
      await inRequest({}, () => model('AuthorizationCode').find(token.jti));
      await deleteUser();
      const other = {};
      expect(await inRequest(other, () => claimsOf(other))).toBeUndefined();
    });
  });

  it('reads a token whose Grant and Session are gone, and keeps nothing for them', async () => {
    const { grant, session, token } = await issued();
    await deleteRow('Grant', grant.jti);
    await deleteRow('Session', session.jti);
    await inRequest({}, async () => {
      expect(await model('AuthorizationCode').find(token.jti)).toEqual(token);
      expect(await model('Grant').find(grant.jti)).toBeUndefined();
      expect(await model('Session').findByUid(session.uid)).toBeUndefined();
    });
  });
});
