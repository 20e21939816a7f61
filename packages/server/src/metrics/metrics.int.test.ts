/**
 * /metrics over real HTTP, parsed as a Prometheus scraper would: only the bearer token opens
 * it, and the counters move with what users do (logins, failures, a refused call, a check),
 * with route patterns and fixed names as labels, never anyone's e-mail, id or token.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import * as oidc from 'openid-client';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { claimIdentity } from '../test/identities.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../test/journey.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/** The sandbox's passing passport (docs/sandbox.md). */
const passport = {
  number: '533401372',
  surname: 'Smith',
  given: 'anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};

/** The sum of a family's samples whose labels include `labels` (0 when there are none). */
function total(families: PrometheusFamily[], name: string, labels: Record<string, string>) {
  const family = families.find((candidate) => candidate.name === name);
  return (family?.metrics ?? [])
    .filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    )
    .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
}

describe.each(databaseTargets())('metrics (%s)', (target) => {
  const token = randomBytes(32).toString('base64url');
  let server: TestServer;
  let config: oidc.Configuration;
  let clientId: string;

  beforeAll(async () => {
    let created: { clientId: string };
    ({ server, config, created } = await startServerWithClient(
      target,
      // Three password checks per address, so the fourth is refused.
      { METRICS_TOKEN: token, PASSWORD_CHECKS_PER_ADDRESS_PER_15_MINUTES: '3' },
      { name: 'Estate agent', redirectUris: [redirectUri], assurance: [['Passport']] },
    ));
    clientId = created.clientId;
  });
  afterAll(async () => server?.close());

  const fetchMetrics = (authorization?: string) =>
    fetch(`${server.url}/metrics`, {
      headers: authorization ? { authorization } : {},
    });

  async function scrape(): Promise<{ text: string; families: PrometheusFamily[] }> {
    const response = await fetchMetrics(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, families: parsePrometheusTextFormat(text) };
  }

  it('opens only to the bearer token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${token}x`,
      `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}`,
      `Bearer`,
    ]) {
      const refused = await fetchMetrics(authorization);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'metrics_token_invalid',
      );
    }
    const { families } = await scrape();
    const names = families.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'verity_http_requests_total',
        'verity_http_request_duration_seconds',
        'verity_logins_total',
        'verity_identity_checks_total',
        'verity_rate_limit_refusals_total',
        'process_cpu_user_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ]),
    );
    // The durable mail queue's depth: nothing waits here (no SMTP: mail goes to the outbox).
    const depth = families.find((family) => family.name === 'verity_mail_queue_depth');
    expect(depth?.metrics).toEqual([expect.objectContaining({ value: '0' })]);
  });

  it('counts logins, failures, a refused call and a check, with no personal data in labels', async () => {
    const { text: beforeText, families: before } = await scrape();
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email); // an e-mail code: a login by email_code
    await claimIdentity(server, email, 'anna'); // the sandbox passport below is hers
    const other = new ApiBrowser(server);
    const login = (Email: string, Password: string) =>
      other.post('/api/login/email', { Email, Password });
    expect((await login(email, strongPassword)).body.failed).toBe(false);
    expect((await login(email, 'not the password at all')).body.failed).toBe(true);
    expect((await login(`${randomUUID()}@example.com`, strongPassword)).body.failed).toBe(true);
    const refused = await login(email, strongPassword);
    expect(refused.status).toBe(429);

    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport'] });
    // A wrong expiry matches no record: a counted retry, and a check's outcome all the same.
    const noRecord = await browser.post(`/api/verifypassport?requestId=${requestId}`, {
      ...passport,
      expiry: '2031-05-01',
    });
    expect(noRecord.status).toBe(404);
    const checked = await browser.post(`/api/verifypassport?requestId=${requestId}`, passport);
    expect(checked.body).toMatchObject({ check: 'Passport', verified: true });

    const { text, families: after } = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('verity_logins_total', { method: 'email_code', outcome: 'success' })).toBe(1);
    expect(moved('verity_logins_total', { method: 'password', outcome: 'success' })).toBe(1);
    // The wrong password and the unknown address alike.
    expect(moved('verity_logins_total', { method: 'password', outcome: 'failure' })).toBe(2);
    expect(moved('verity_rate_limit_refusals_total', { limit: 'password-ip' })).toBe(1);
    expect(moved('verity_identity_checks_total', { check: 'Passport', outcome: 'passed' })).toBe(1);
    expect(moved('verity_identity_checks_total', { check: 'Passport', outcome: 'no_record' })).toBe(
      1,
    );
    expect(moved('verity_identity_checks_total', { check: 'Passport', outcome: 'failed' })).toBe(0);
    const login200 = { method: 'POST', route: '/api/login/email', status_class: '2xx' };
    expect(moved('verity_http_requests_total', login200)).toBe(3);
    expect(moved('verity_http_requests_total', { ...login200, status_class: '4xx' })).toBe(1);
    // The parser folds a labelled histogram's series together: its count line is read as is.
    expect(
      after.find((family) => family.name === 'verity_http_request_duration_seconds')?.type,
    ).toBe('HISTOGRAM');
    const timed = (scraped: string) =>
      Number(
        /^verity_http_request_duration_seconds_count\{method="POST",route="\/api\/login\/email",status_class="2xx"\} (\d+)$/m.exec(
          scraped,
        )?.[1] ?? 0,
      );
    expect(timed(text) - timed(beforeText)).toBe(3);
    // Route patterns, oidc-provider's endpoints included: the request id is not a label.
    expect(
      moved('verity_http_requests_total', { route: '/api/verification/:requestId/choice' }),
    ).toBe(1);
    expect(moved('verity_http_requests_total', { route: '/oidc/auth', status_class: '3xx' })).toBe(
      1,
    );

    const user = await server.ctx.users.findByEmail(email);
    for (const secret of [email, user!.id, requestId, clientId, token, '@'])
      expect(text).not.toContain(secret);
  });

  it("counts another person's record as a mismatch, and refusals made outside the limiters", async () => {
    const { families: before } = await scrape();
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await claimIdentity(server, email, 'anna');
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport'] });
    // Ada Lovelace's passport: a record, of another person.
    const mismatch = await browser.post(`/api/verifypassport?requestId=${requestId}`, {
      number: '548213907',
      surname: 'Lovelace',
      given: 'ada',
      dob: '1985-12-10',
      expiry: '2032-05-31',
    });
    expect(mismatch.body).toMatchObject({ check: 'Passport', verified: false });

    // Signing up again with an address that has an account sends a notice, five an hour per
    // browser: the sixth is refused (a refusal made by a counter, not a rate limiter).
    const other = new ApiBrowser(server);
    const register = () =>
      other.post('/api/register', {
        Email: email,
        Password: strongPassword,
        TermsAccepted: true,
        TermsVersion: termsVersion,
      });
    for (let i = 0; i < 5; i++) expect((await register()).status).toBe(200);
    expect((await register()).status).toBe(429);

    const { families: after } = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    const passport = (outcome: string) =>
      moved('verity_identity_checks_total', { check: 'Passport', outcome });
    expect([passport('mismatch'), passport('failed'), passport('passed')]).toEqual([1, 0, 0]);
    expect(moved('verity_rate_limit_refusals_total', { limit: 'signup-notice' })).toBe(1);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.close());

  it('has no /metrics', async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer anything-at-all' },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
