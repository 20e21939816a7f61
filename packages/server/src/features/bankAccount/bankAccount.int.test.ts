import { apiErrorSchema } from '@verity/contracts';
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
} from '../../test/journey.js';
import { throughSandboxBank } from '../../test/sandboxBank.js';
import type { TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('POST /api/verifybankaccount (%s)', (target) => {
  let server: TestServer;
  /** A client whose assurance names the check CurrentAccount (the spec's other name). */
  let currentAccountClient: oidc.Configuration;
  beforeAll(async () => {
    ({ server, config: currentAccountClient } = await startServerWithClient(
      target,
      {},
      {
        name: 'Letting agent',
        redirectUris: [redirectUri],
        skipConsent: true,
        assurance: [['CurrentAccount']],
      },
    ));
  });
  afterAll(async () => server?.close());

  /** A signed-in Ada Lovelace who has been to the sandbox bank as `customer` (if any). */
  async function ada(customer?: string) {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    if (customer) {
      const started = await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' });
      const back = await throughSandboxBank(browser, String(started.body.url), customer);
      await browser.post('/api/login/obcallback', Object.fromEntries(back.searchParams));
    }
    return { browser, user };
  }

  /** Starts a sign-in request of the CurrentAccount client in this browser; its id. */
  async function currentAccountRequest(browser: ApiBrowser): Promise<string> {
    const state = oidc.randomState();
    return (await startSignInRequest(server, currentAccountClient, browser, { state })).requestId;
  }

  it.each([
    ['a typed account', undefined, { sort_code: '089999', account_number: '66374958' }, 1],
    ['the account of a bank login', 'current', undefined, 2],
  ])(
    'records %s as CurrentAccount for a client that requires it',
    async (_case, customer, body, strength) => {
      const { browser, user } = await ada(customer);
      const requestId = await currentAccountRequest(browser);
      const before = await browser.post(`/api/requests/${requestId}`);
      expect(before.body.userRequirements).toContain('assurance');
      const answer = await browser.post(`/api/verifybankaccount?requestId=${requestId}`, body);
      expect(answer).toEqual({
        status: 200,
        body: {
          check: 'CurrentAccount',
          verified: true,
          userRequirements: expect.not.arrayContaining(['assurance']),
          assuranceChoice: [],
        },
      });
      const evidence = await server.ctx.evidence.forUser(user.id);
      expect(evidence.find((e) => e.check === 'CurrentAccount')).toMatchObject({
        outcome: 'passed',
        // Typed details say nothing of who typed them: no verification score (GPG45).
        scores: { strength, validity: 2, fraud: 0, verification: strength === 1 ? 0 : 2 },
        attributes: { holder_name: 'Ada Lovelace' },
      });
      expect(evidence.some((e) => e.check === 'Bank')).toBe(false);
      // Done under that name: not again.
      expect(
        await browser.post(`/api/verifybankaccount?requestId=${requestId}`, body),
      ).toMatchObject({ status: 409, body: { error: { code: 'step_not_allowed' } } });
    },
  );

  it('holds CurrentAccount back after a Bank failure: one check under two names', async () => {
    const { browser } = await ada();
    const mismatch = { sort_code: '202959', account_number: '63748472' };
    expect((await browser.post('/api/verifybankaccount', mismatch)).status).toBe(422);
    const requestId = await currentAccountRequest(browser);
    expect(
      await browser.post(`/api/verifybankaccount?requestId=${requestId}`, {
        sort_code: '089999',
        account_number: '66374958',
      }),
    ).toMatchObject({ status: 409, body: { error: { code: 'step_not_allowed' } } });
  });

  it('verifies the account a bank login showed, once', async () => {
    const { browser, user } = await ada('current');
    const answer = await browser.post('/api/verifybankaccount');
    expect(answer).toEqual({
      status: 200,
      body: { check: 'Bank', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({
      outcome: 'passed',
      scores: { strength: 2, validity: 2, activity: 1, fraud: 0, verification: 2 },
      attributes: { holder_name: 'Ada Lovelace' },
    });
    const again = await browser.post('/api/verifybankaccount');
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'step_not_allowed' } } });
  });

  it('keeps no account of a bank login in another name: the Bank check asks for one', async () => {
    const { browser } = await ada('mismatch');
    expect(await browser.post('/api/verifybankaccount')).toMatchObject({
      status: 409,
      body: { error: { code: 'bankDetailsRequired' } },
    });
  });

  it('answers bankIdentityMismatch when the name changed since the bank login, and records it', async () => {
    const { browser, user } = await ada('current');
    await server.ctx.profiles.update(user.id, { given_name: 'Grace', family_name: 'Hopper' });
    const answer = await browser.post('/api/verifybankaccount');
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'bankIdentityMismatch' } },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({ outcome: 'failed', attributes: null });
  });

  it('asks for the account when none is known, without counting an attempt', async () => {
    const { browser } = await ada();
    for (let i = 0; i < 4; i++)
      expect(await browser.post('/api/verifybankaccount', i % 2 ? {} : undefined)).toMatchObject({
        status: 409,
        body: {
          error: {
            code: 'bankDetailsRequired',
            details: { fields: ['sort_code', 'account_number'] },
          },
        },
      });
  });

  it('verifies a typed account in the profile name, and keeps it in the profile', async () => {
    const { browser, user } = await ada();
    const answer = await browser.post('/api/verifybankaccount', {
      sort_code: '08-99-99',
      account_number: '6637 4958',
    });
    expect(answer).toEqual({
      status: 200,
      body: { check: 'Bank', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({
      outcome: 'passed',
      provider: 'sandbox-account-verification',
      scores: { strength: 1, validity: 2, activity: 0, fraud: 0, verification: 0 },
      attributes: { holder_name: 'Ada Lovelace' },
    });
    expect(await server.ctx.profiles.get(user.id)).toMatchObject({
      sort_code: '089999',
      account_number: '66374958',
    });
    expect(await server.ctx.bankAccounts.latest(user.id)).toMatchObject({
      source: 'profile',
      nameScore: 100,
    });
  });

  it('refuses a close match whose holder is an initial: an initial is anyone (identityMatch)', async () => {
    const { browser, user } = await ada();
    const answer = await browser.post('/api/verifybankaccount', {
      sort_code: '107999',
      account_number: '88837491',
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'bankIdentityMismatch' } },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({ outcome: 'failed', attributes: null });
    expect((await server.ctx.audit.forUser(user.id)).map((event) => event.type)).toContain(
      'identity_check_mismatch',
    );
    // The holder name the service gave is another person's: nothing of it is kept.
    expect(await server.ctx.bankAccounts.latest(user.id)).toBeNull();
  });

  it.each([
    ['in another name', '202959', '63748472', 422, 'bankIdentityMismatch', 'failed'],
    ['unknown to the service', '871427', '46238510', 422, 'bankVerificationFailed', undefined],
    ['at a bank that cannot be reached', '938611', '07806039', 502, 'bankApiError', undefined],
  ])('answers a typed account %s', async (_case, sortCode, number, status, code, outcome) => {
    const { browser, user } = await ada();
    const answer = await browser.post('/api/verifybankaccount', {
      sort_code: sortCode,
      account_number: number,
    });
    expect(answer).toMatchObject({ status, body: { error: { code } } });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank?.outcome).toBe(outcome);
    // An account is kept among the checked ones only once it is found in the user's name; in
    // the profile also when the service failed (nothing learnt of it: the retry reuses it).
    expect(await server.ctx.bankAccounts.latest(user.id)).toBeNull();
    const profile = await server.ctx.profiles.get(user.id);
    const kept = code === 'bankApiError' ? { sort_code: sortCode, account_number: number } : {};
    expect({ sort_code: profile.sort_code, account_number: profile.account_number }).toEqual({
      sort_code: undefined,
      account_number: undefined,
      ...kept,
    });
    if (code === 'bankIdentityMismatch')
      expect(apiErrorSchema.parse(answer.body).error.message).toMatch(
        /this bank account is in your name/,
      );
  });

  it('retries with the account in the profile after a provider failure', async () => {
    const { browser, user } = await ada();
    await browser.post('/api/verifybankaccount', {
      sort_code: '938611',
      account_number: '07806039',
    });
    expect(await browser.post('/api/verifybankaccount')).toMatchObject({
      status: 502,
      body: { error: { code: 'bankApiError' } },
    });
    await server.ctx.profiles.update(user.id, { account_number: '66374958', sort_code: '089999' });
    expect((await browser.post('/api/verifybankaccount')).status).toBe(200);
  });

  it.each([
    ['a malformed sort code', { sort_code: '08999', account_number: '66374958' }, 'sort_code'],
    ['a short account number', { sort_code: '089999', account_number: '663749' }, 'account_number'],
    ['a missing account number', { sort_code: '089999' }, 'account_number'],
    [
      'an account failing the modulus check',
      { sort_code: '089999', account_number: '66374959' },
      'account_number',
    ],
  ])('refuses %s per field, without counting an attempt', async (_case, body, field) => {
    const { browser } = await ada();
    for (let i = 0; i < 4; i++) {
      const answer = await browser.post('/api/verifybankaccount', body);
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
      expect(apiErrorSchema.parse(answer.body).error.details).toEqual({
        [field]: expect.anything(),
      });
    }
  });

  it('needs the profile name for a typed account, before anything is counted', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect(
        await browser.post('/api/verifybankaccount', {
          sort_code: '089999',
          account_number: '66374958',
        }),
      ).toMatchObject({ status: 409, body: { error: { code: 'identity_details_required' } } });
  });

  it('refuses a visitor, and a body', async () => {
    expect(await new ApiBrowser(server).post('/api/verifybankaccount')).toMatchObject({
      status: 401,
      body: { error: { code: 'not_signed_in' } },
    });
    const { browser } = await ada();
    expect(await browser.post('/api/verifybankaccount', { sortCode: '089999' })).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed' } },
    });
  });

  it('limits attempts per user', async () => {
    const { browser } = await ada();
    const statuses: number[] = [];
    // A provider failure records nothing, so only the limit stops the fourth try.
    const outage = { sort_code: '938611', account_number: '07806039' };
    for (let i = 0; i < 4; i++)
      statuses.push((await browser.post('/api/verifybankaccount', outage)).status);
    expect(statuses).toEqual([502, 502, 502, 429]);
  });
});
