import { randomUUID } from 'node:crypto';
import type { Language } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity } from '../../test/identities.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

type CreatedClient = Parameters<typeof discoverClient>[1];

/** Chooses a language in this browser, as the SPA's switcher does (the cookie). */
function choose(browser: ApiBrowser, language: Language): void {
  browser.store(new Response(null, { headers: { 'set-cookie': `verity_lang=${language}` } }));
}

/** A new account whose owner last signed in with a browser in `language`. */
async function ownerIn(server: TestServer, language: Language) {
  const email = `${randomUUID()}@example.com`;
  await signUp(server, email);
  const browser = new ApiBrowser(server);
  choose(browser, language);
  const login = await browser.post('/api/login/email', { Email: email, Password: strongPassword });
  expect(login.body.failed).toBe(false);
  return { email, browser };
}

/** The newest e-mail to `recipient` whose subject matches, waiting for one sent unawaited. */
async function mailTo(server: TestServer, recipient: string, subject: RegExp) {
  for (let tries = 0; tries < 50; tries++) {
    const found = (await server.ctx.outbox.list({ recipient })).find((message) =>
      subject.test(message.subject ?? ''),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${recipient} matching ${subject}`);
}

/** The account's own language: stored at sign-in, used for mail outside the owner's request. */
describe.each(databaseTargets())('the account’s language (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    // Locks at the third wrong password, before any delay (five failures are free).
    server = await startTestServer(target, { PASSWORD_LOCK_AFTER: '3' });
  });
  afterAll(async () => server?.close());

  it('is stored at each sign-in from the browser’s language', async () => {
    const { email } = await ownerIn(server, 'cy');
    expect((await server.ctx.users.findByEmail(email))!.language).toBe('cy');
    const english = new ApiBrowser(server);
    await english.post('/api/login/email', { Email: email, Password: strongPassword });
    expect((await server.ctx.users.findByEmail(email))!.language).toBe('en');
  });

  it.each([
    [
      'cy',
      'en',
      /^Mae mewngofnodi â chyfrinair i'ch cyfrif Verity wedi'i gloi$/,
      /gwaith yn olynol/,
    ],
    ['en', 'cy', /^Your Verity password login is locked$/, /3 times in a row/],
  ] as const)(
    'a lock e-mail is in the owner’s language (%s), whatever the guesser’s browser (%s)',
    async (owner, guesser, subject, body) => {
      const { email } = await ownerIn(server, owner);
      const attacker = new ApiBrowser(server);
      choose(attacker, guesser);
      for (let guess = 0; guess < 3; guess++) {
        const answer = await attacker.post('/api/login/email', { Email: email, Password: 'x' });
        expect(answer.body).toEqual({ failed: true, userRequirements: [] });
      }
      const notice = await mailTo(server, email, owner === 'cy' ? /gloi/ : /locked/);
      expect(notice.subject).toMatch(subject);
      expect(notice.body).toMatch(body);
      expect(notice.body).toMatch(/\/forgotpassword#email=/);
    },
  );

  it('says goodbye in the language of the browser that closes the account', async () => {
    const { email, browser } = await ownerIn(server, 'cy');
    const { id } = (await server.ctx.users.findByEmail(email))!;
    const deleted = await browser.post('/api/account/delete', { Password: strongPassword });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    const notice = await mailTo(server, email, /dileu/);
    expect(notice.subject).toBe("Mae eich cyfrif Verity wedi'i ddileu");
    expect(notice.body).toMatch(/^Mae eich cyfrif Verity wedi'i ddileu, ac rydych wedi cael/);
    // The closed account keeps no language: nothing more is mailed to it.
    expect(await server.ctx.users.findById(id)).toMatchObject({ closed: true, language: null });
  });

  it('invites in the asker’s language, the other language too', async () => {
    for (const language of ['cy', 'en'] as const) {
      const { email, browser } = await ownerIn(server, language);
      const invited = `${randomUUID()}@example.com`;
      expect((await browser.post('/api/invite', { email: invited })).status).toBe(200);
      const [message] = await server.ctx.outbox.list({ recipient: invited, limit: 1 });
      if (language === 'cy') {
        expect(message!.subject).toBe(
          'Gwiriwch eich hunaniaeth gyda Verity / Please verify your identity with Verity',
        );
        const [welsh, english] = message!.body.split('\n\n----------\n\n');
        expect(welsh).toMatch(new RegExp(`^Mae ${email} wedi gofyn i chi brofi eich hunaniaeth`));
        expect(english).toMatch(new RegExp(`^${email} has asked you to prove your identity`));
      } else {
        expect(message!.subject).toBe('Please verify your identity with Verity');
        expect(message!.body).toMatch(/\nMae'r gwasanaeth ar gael yn Gymraeg hefyd: .*$/);
      }
    }
  });
});

/** The API's error messages and the texts screens show, in the browser's language. */
describe.each(databaseTargets())('the API’s texts in the chosen language (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;
  let consentConfig: oidc.Configuration;
  beforeAll(async () => {
    let assured!: CreatedClient;
    let consenting!: CreatedClient;
    server = await startTestServer(
      target,
      {},
      {
        before: async (stores) => {
          assured = await stores.clients.create({
            name: 'Estate agent',
            redirectUris: [redirectUri],
            assurance: [['Passport', 'KBVL1']],
          });
          consenting = await stores.clients.create({ name: 'Shop', redirectUris: [redirectUri] });
        },
      },
    );
    config = await discoverClient(server, assured);
    consentConfig = await discoverClient(server, consenting);
  });
  afterAll(async () => server?.close());

  it.each([
    ['cy', 'Mewngofnodwch yn gyntaf.', "Nid yw'r cais yn ddilys."],
    ['en', 'Please log in first.', 'The request is not valid.'],
  ] as const)('answers errors in %s, the codes unchanged', async (language, signIn, invalid) => {
    const browser = new ApiBrowser(server);
    choose(browser, language);
    const home = await browser.fetch(`${server.url}/api/home`);
    expect(home.status).toBe(401);
    expect(await home.json()).toEqual({ error: { code: 'not_signed_in', message: signIn } });
    const bad = await browser.post('/api/login/email', { Email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', message: invalid });
  });

  it('says what is wrong with a profile in Welsh, the field titles in Welsh too', async () => {
    const { browser } = await ownerIn(server, 'cy');
    const saved = await browser.post('/api/profile', {
      given_name: '',
      family_name: 'Smith',
      birthdate: '2999-01-01',
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error).toMatchObject({
      code: 'validation_failed',
      message: "Nid yw'r cais yn ddilys.",
      details: {
        given_name: 'Gofynnol',
        birthdate: "Rhaid i'r dyddiad geni fod heddiw neu yn y gorffennol",
      },
    });
    choose(browser, 'en');
    const english = await browser.post('/api/profile', { given_name: '', birthdate: '2999-01-01' });
    expect(english.body.error).toMatchObject({
      details: { given_name: 'Required', birthdate: 'Date of birth must be today or in the past' },
    });
  });

  it('titles the account’s activity in Welsh', async () => {
    const { browser } = await ownerIn(server, 'cy');
    const home = (await (await browser.fetch(`${server.url}/api/home`)).json()) as {
      auditEvents: Array<{ title: string }>;
    };
    expect(home.auditEvents.map((event) => event.title)).toContain('Wedi mewngofnodi');
    expect(home.auditEvents.map((event) => event.title)).not.toContain('Logged in');
  });

  it('asks the knowledge-based questions in Welsh, and takes the answers as shown', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await claimIdentity(server, email, 'anna');
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    const q = `?requestId=${requestId}`;
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport', 'KBVL1'] });
    await browser.post(`/api/verifypassport${q}`, {
      number: '533401372',
      surname: 'Smith',
      given: 'Anna',
      dob: '1985-02-17',
      expiry: '2031-04-30',
    });
    choose(browser, 'cy');
    const asked = (await (await browser.fetch(`${server.url}/api/kbv${q}`)).json()) as {
      challengeId: string;
      questions: Array<{ name: string; title: string; choices: string[] }>;
    };
    expect(asked.questions.map((question) => question.title)).toEqual([
      "Gyda pha un o'r cwmnïau hyn ydych chi wedi cael cerdyn credyd?",
      "Gyda pha un o'r banciau hyn mae gennych gyfrif cyfredol?",
      "Gyda pha un o'r benthycwyr hyn mae eich morgais?",
    ]);
    for (const question of asked.questions) {
      expect(question.choices.at(-1)).toBe("Dim un o'r rhain");
      expect(question.choices).not.toContain('None of these');
    }
    const answered = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.challengeId,
      answers: {
        credit_card_lender: 'Halifax',
        current_account_bank: 'Santander',
        mortgage_lender: 'Nationwide',
      },
    });
    expect(answered.status).toBe(200);
  });

  it('titles the consent screen’s details in Welsh; the signed claims are the same', async () => {
    const { email, browser } = await ownerIn(server, 'cy');
    const { requestId } = await startSignInRequest(server, consentConfig, browser, {
      scope: 'openid email',
      state: oidc.randomState(),
    });
    const consent = await browser.fetch(`${server.url}/api/consent?requestId=${requestId}`);
    expect(consent.status).toBe(200);
    const info = (await consent.json()) as {
      toSign: { claims: string[] };
      attributes: Array<{ name: string; title: string; defaultValue: string }>;
    };
    expect(info.attributes).toEqual([
      { name: 'email', title: 'E-bost', type: 'email', defaultValue: email },
    ]);
    expect(info.toSign.claims).toContain('email');
    choose(browser, 'en');
    const english = (await (
      await browser.fetch(`${server.url}/api/consent?requestId=${requestId}`)
    ).json()) as typeof info;
    expect(english.attributes[0]!.title).toBe('E-mail');
    expect(english.toSign).toEqual(info.toSign);
  });
});
