import type { ClientInput } from '../features/clients/input.js';

/** One example client: what it shows a newcomer, and its registration. */
export interface ExampleClient {
  /** What signing in to it demonstrates. */
  shows: string;
  /** The demo relying party's port for it (its redirect URI is on this port). */
  port: number;
  input: ClientInput;
}

const claims: ClientInput['claims'] = ['given_name', 'family_name', 'email'];

/**
 * Example clients, one for each policy a newcomer may want to try (`verity clients examples`):
 * a second factor, identity checks, open banking and the PIN. Each is registered for its own
 * demo relying party at http://127.0.0.1:{port}, so several can run beside `npm start`'s.
 */
export function exampleClients(host = '127.0.0.1', firstPort = 3002): ExampleClient[] {
  const examples: Array<
    Omit<ExampleClient, 'port' | 'input'> & { name: string } & Partial<ClientInput>
  > = [
    {
      name: 'Example: second factor',
      shows: 'a second factor at sign-up and every login (SMS, voice, app, security key)',
      requireSecondFactor: true,
    },
    {
      name: 'Example: identity checks',
      shows: 'identity checks: a passport or a driving licence, each with questions',
      theme: 'forest',
      assurance: [
        ['Passport', 'KBVL1'],
        ['DrivingLicence', 'KBVL1'],
      ],
    },
    {
      name: 'Example: open banking',
      shows: 'open banking with the sandbox bank (log in as current, password sandbox)',
      assurance: [['OB', 'Bank']],
      allowBankLogin: true,
    },
    {
      name: 'Example: PIN',
      shows: 'the zero-knowledge PIN: set up once, then log in with it on this device',
      // A client's own colours (--theme-primary, --theme-primary-dark), as a brand would set.
      themeColours: { primary: '#a4161a', primaryDark: '#ff9b8f' },
      requirePin: true,
    },
  ];
  return examples.map(({ shows, ...policy }, index) => {
    const port = firstPort + index;
    const base = `http://${host}:${port}`;
    return {
      shows,
      port,
      input: {
        ...policy,
        redirectUris: [`${base}/callback`],
        postLogoutRedirectUris: [`${base}/`],
        claims,
      },
    };
  });
}

/** The command that starts the demo relying party for one registered example. */
export function demoCommand(port: number, clientId: string, clientSecret: string): string {
  return `RP_PORT=${port} RP_CLIENT_ID=${clientId} RP_CLIENT_SECRET=${clientSecret} node packages/relying-party/dist/main.js`;
}
