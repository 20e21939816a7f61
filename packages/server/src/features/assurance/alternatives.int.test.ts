import { randomUUID } from 'node:crypto';
import { nextStep, type CheckName, type Requirement } from '@verity/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
} from '../../test/journey.js';
import { throughSandboxBank } from '../../test/sandboxBank.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

/** A sandbox person (docs/sandbox.md): what they type on each screen. */
interface Person {
  profile: Record<string, unknown>;
  passport?: Record<string, string>;
  licence?: Record<string, string>;
  card?: Record<string, string>;
  mobileNumber?: string;
  kbv?: Record<string, string>;
  account?: { sort_code: string; account_number: string };
}

const anna: Person = {
  profile: {
    given_name: 'Anna',
    family_name: 'Smith',
    birthdate: '1985-02-17',
    // A credit file is looked up at the applicant's address (KBV asks for it).
    address: {
      postcode: 'CR2 6XH',
      uprn: '900000000401',
      text: '14 Selsdon Road, South Croydon, Croydon',
      picklist: true,
    },
  },
  passport: {
    number: '533401372',
    surname: 'Smith',
    given: 'Anna',
    dob: '1985-02-17',
    expiry: '2031-04-30',
  },
  licence: {
    surname: 'Smith',
    given: 'Anna',
    dob: '1985-02-17',
    issue: '2019-03-01',
    expiry: '2029-02-28',
    number: 'SMITH852175A99AB',
    postcode: 'CR2 6XH',
  },
  card: { number: '4111111111111111', name: 'ANNA SMITH', expiry: '12/30' },
  mobileNumber: '07700900001',
  kbv: {
    credit_card_lender: 'Halifax',
    current_account_bank: 'Santander',
    mortgage_lender: 'Nationwide',
    previous_address: '14 Selsdon Road, South Croydon',
    mortgage_payment: '£501 to £1,000',
  },
};
const james: Person = {
  profile: {
    given_name: 'James',
    family_name: 'Taylor',
    birthdate: '1979-09-30',
    address: {
      postcode: 'M1 1AE',
      uprn: '900000000201',
      text: '1 Piccadilly Gardens, Manchester',
      picklist: true,
    },
  },
  licence: {
    surname: 'Taylor',
    given: 'James',
    dob: '1979-09-30',
    issue: '2016-07-12',
    expiry: '2031-07-11',
    number: 'TAYLO709309J99XY',
    postcode: 'M1 1AE',
  },
  card: { number: '4000056655665556', name: 'JAMES TAYLOR', expiry: '08/29' },
  kbv: {
    credit_card_lender: 'American Express',
    current_account_bank: 'Monzo',
    mortgage_lender: 'None of these',
    previous_address: '2 Piccadilly Gardens, Manchester',
    mortgage_payment: 'None of these',
  },
};
const ada: Person = {
  profile: { given_name: 'Ada', family_name: 'Lovelace', birthdate: '1990-12-10' },
  account: { sort_code: '089999', account_number: '66374958' },
};

/**
 * Every alternative a client can register whose checks this deployment offers: each check alone
 * and the usual pairs (a document, card, phone contract or bank, then the questions), each with
 * a sandbox person who passes all its checks, and the screens a new user is led through
 * (/Profile first wherever a check matches its record with the profile's name: issue 17).
 */
const alternatives: Array<[CheckName[], Person, string[]]> = [
  [['Passport'], anna, ['/Profile', '/Passport']],
  [['DrivingLicence'], anna, ['/Profile', '/DrivingLicence']],
  [['CreditCard'], anna, ['/Profile', '/CreditCard']],
  [['DebitCard'], james, ['/Profile', '/CreditCard']],
  [['KBVL1'], anna, ['/Profile', '/Kbv']],
  [['KBVL2'], anna, ['/Profile', '/Kbv']],
  [['MobileContract'], anna, ['/Profile', '/MNO']],
  [['Bank'], ada, ['/Profile', '/BankAccount']],
  [['CurrentAccount'], ada, ['/Profile', '/BankAccount']],
  [['OB'], ada, ['/obselect']],
  [['Passport', 'KBVL1'], anna, ['/Profile', '/Passport', '/Kbv']],
  [['Passport', 'KBVL2'], anna, ['/Profile', '/Passport', '/Kbv']],
  [['DrivingLicence', 'KBVL1'], anna, ['/Profile', '/DrivingLicence', '/Kbv']],
  [['DrivingLicence', 'KBVL2'], james, ['/Profile', '/DrivingLicence', '/Kbv']],
  [['CreditCard', 'KBVL1'], anna, ['/Profile', '/CreditCard', '/Kbv']],
  [['DebitCard', 'KBVL1'], james, ['/Profile', '/CreditCard', '/Kbv']],
  [['CreditCard', 'KBVL2'], anna, ['/Profile', '/CreditCard', '/Kbv']],
  [['MobileContract', 'KBVL1'], anna, ['/Profile', '/Kbv', '/MNO']],
  [['Passport', 'MobileContract'], anna, ['/Profile', '/Passport', '/MNO']],
  [['CreditCard', 'MobileContract'], anna, ['/Profile', '/CreditCard', '/MNO']],
  [['OB', 'Bank'], ada, ['/obselect', '/BankAccount']],
];

/** Each new user from an address of their own (behind TRUST_PROXY): sign-up is limited per address. */
let lastAddress = 0;
class UserBrowser extends ApiBrowser {
  private readonly address = `192.0.2.${++lastAddress}`;
  override fetch(url: string, init: RequestInit = {}): Promise<Response> {
    return super.fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': this.address },
    });
  }
}

describe.each(databaseTargets())('every assurance alternative, for a new user (%s)', (target) => {
  let server: TestServer;
  const clients = new Map<string, { clientId: string; clientSecret: string | null }>();
  const key = (checks: CheckName[]) => checks.join('+');

  beforeAll(async () => {
    server = await startTestServer(
      target,
      { TRUST_PROXY: '1' },
      {
        before: async (stores) => {
          for (const [checks] of alternatives)
            clients.set(
              key(checks),
              await stores.clients.create({
                name: `Needs ${key(checks)}`,
                redirectUris: [redirectUri],
                assurance: [checks],
              }),
            );
        },
      },
    );
  });
  afterAll(async () => server?.close());

  /** Follows the provider's redirects from an address until the client's redirect_uri. */
  async function followToClient(browser: ApiBrowser, from: string): Promise<URL> {
    let response = await browser.fetch(from);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    return new URL(response.headers.get('location')!);
  }

  /** Does what the screen at `route` does, as the person would; expects it to succeed. */
  async function actOn(route: string, browser: ApiBrowser, requestId: string, person: Person) {
    const q = `?requestId=${requestId}`;
    const passes = (answer: { status: number; body: Record<string, unknown> }) =>
      expect(answer, route).toMatchObject({ status: 200, body: { verified: true } });
    switch (route) {
      case '/VerifyOptions': {
        const info = (await (
          await browser.fetch(`${server.url}/api/verification/${requestId}`)
        ).json()) as { options: Array<{ checks: CheckName[] }> };
        const choice = await browser.post(`/api/verification/${requestId}/choice`, {
          checks: info.options[0]!.checks,
        });
        return expect(choice.status).toBe(200);
      }
      case '/Profile': {
        const form = (await (
          await browser.fetch(`${server.url}/api/profile${q}`)
        ).json()) as Array<{
          name: string;
        }>;
        const values = Object.fromEntries(form.map((f) => [f.name, person.profile[f.name]]));
        return expect((await browser.post(`/api/profile${q}`, values)).status).toBe(200);
      }
      case '/Passport':
        return passes(await browser.post(`/api/verifypassport${q}`, person.passport));
      case '/DrivingLicence':
        return passes(await browser.post(`/api/verifydrivinglicence${q}`, person.licence));
      case '/CreditCard':
        return passes(await browser.post(`/api/verifycard${q}`, person.card));
      case '/MNO':
        return passes(
          await browser.post(`/api/verifymobilecontract${q}`, {
            mobileNumber: person.mobileNumber,
          }),
        );
      case '/BankAccount': {
        // After a bank login the account it showed; else the one the person types.
        const shown = await server.ctx.bankAccounts.latest(await userIdOf(browser));
        return passes(
          await browser.post(`/api/verifybankaccount${q}`, shown ? undefined : person.account),
        );
      }
      case '/Kbv': {
        const asked = (await (await browser.fetch(`${server.url}/api/kbv${q}`)).json()) as {
          challengeId: string;
          questions: Array<{ name: string }>;
        };
        expect(asked.questions.length, JSON.stringify(asked)).toBeGreaterThan(0);
        const answers = Object.fromEntries(
          asked.questions.map((x) => [x.name, person.kbv![x.name]]),
        );
        return passes(
          await browser.post(`/api/kbv${q}`, { challengeId: asked.challengeId, answers }),
        );
      }
      case '/obselect': {
        const started = await browser.post('/api/login/ob', {
          display_name: 'Sandbox Bank',
          RequestId: requestId,
        });
        const back = await throughSandboxBank(browser, String(started.body.url), 'current');
        const answer = await browser.post('/api/login/obcallback', {
          ...Object.fromEntries(back.searchParams),
          RequestId: requestId,
        });
        return expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      default:
        throw new Error(`a new user is stuck at ${route}`);
    }
  }

  const emails = new WeakMap<ApiBrowser, string>();
  async function userIdOf(browser: ApiBrowser) {
    return (await server.ctx.users.findByEmail(emails.get(browser)!))!.id;
  }

  it.each(alternatives)(
    '%j: through the API to the code',
    async (checks, person, expectedScreens) => {
      const created = clients.get(key(checks))!;
      const config = await discoverClient(server, created);
      const email = `${randomUUID()}@example.com`;
      const browser = await signUp(server, email, new UserBrowser(server));
      emails.set(browser, email);
      const state = oidc.randomState();
      const { requestId, verifier } = await startSignInRequest(server, config, browser, { state });

      // The SPA's loop: the server's requirements, the stored choice, the spec's routing.
      const screens: string[] = [];
      for (let step = 0; ; step++) {
        expect(step, `screens so far: ${screens.join(' ')}`).toBeLessThan(10);
        const info = await browser.post(`/api/requests/${requestId}`);
        const verification = (await (
          await browser.fetch(`${server.url}/api/verification/${requestId}`)
        ).json()) as { assuranceChoice: CheckName[] };
        const route = nextStep({
          userRequirements: info.body.userRequirements as Requirement[],
          assuranceChoice: verification.assuranceChoice,
          hasAccount: true,
          requestId,
        });
        if (route === '/sendresponse') break;
        screens.push(route);
        await actOn(route, browser, requestId, person);
      }
      expect(screens).toEqual(['/VerifyOptions', ...expectedScreens]);

      const generated = await browser.post('/api/generateresponse', { requestId });
      const callback = await followToClient(browser, generated.body.redirect_Uri as string);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.claims()!.sub).toEqual(expect.any(String));
      const passed = (await server.ctx.evidence.forUser(await userIdOf(browser)))
        .filter((evidence) => evidence.outcome === 'passed')
        .map((evidence) => evidence.check);
      expect(passed).toEqual(expect.arrayContaining(checks));
    },
  );
});
