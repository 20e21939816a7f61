import { builtInThemes, contrastRatio, schemeBackgrounds } from '@verity/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientThemeColours, clientPolicySchema } from '../features/clients/policy.js';
import { loadConfig } from '../config.js';
import { run } from '../main.js';
import { openStores } from '../stores.js';
import { databaseTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { exampleClients } from './exampleClients.js';

/** Runs the verity command in-process with this environment; returns exit code and output. */
async function verity(env: Record<string, string>, ...args: string[]) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  try {
    const code = await run(
      ['node', 'verity', ...args],
      (t) => (stdout += t),
      (t) => (stderr += t),
    );
    return { code, stdout, stderr };
  } finally {
    process.env = saved;
  }
}

const addX = (...more: string[]) => [
  'clients',
  'add',
  '--name',
  'X',
  '--redirect-uri',
  'https://x.example/cb',
  ...more,
];

describe.each(databaseTargets())('a client’s theme and logo from the CLI (%s)', (target) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(() => {
    ({ env, cleanup } = testEnv(target));
  });
  afterAll(async () => cleanup?.());

  it('stores colours that pass, changes one, and removes them', async () => {
    const added = await verity(
      env,
      ...addX('--theme-primary', '#0B6B4F', '--theme-primary-dark', '#5fcf9f', '--json'),
    );
    expect(added.stderr).toBe('');
    const client = JSON.parse(added.stdout) as { client_id: string; policy: object };
    expect(client.policy).toMatchObject({
      theme: 'default',
      themeColours: { primary: '#0B6B4F', primaryDark: '#5fcf9f' },
    });

    // Only the light colour: the dark one stays as stored.
    const update = (...args: string[]) =>
      verity(env, 'clients', 'update', client.client_id, ...args);
    const darker = await update('--theme-primary', '#084d39');
    expect(darker.stderr).toBe('');
    expect(JSON.parse(darker.stdout).policy.themeColours).toEqual({
      primary: '#084d39',
      primaryDark: '#5fcf9f',
    });
    // A failing change is refused and leaves the stored colours alone.
    const refused = await update('--theme-primary-dark', '#084d39');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "the dark scheme's primary colour #084d39 has a contrast of 1.68:1",
    );
    const shown = await verity(env, 'clients', 'show', client.client_id);
    expect(JSON.parse(shown.stdout).policy.themeColours.primaryDark).toBe('#5fcf9f');

    const removed = await update('--no-theme-colours');
    expect(JSON.parse(removed.stdout).policy.themeColours).toBeNull();
  });

  it('needs a colour for each scheme, as none reads on both', async () => {
    const added = await verity(env, ...addX('--theme-primary', '#1f4fd1', '--json'));
    expect(added.code).toBe(2);
    expect(added.stderr).toMatch(/--theme-primary needs --theme-primary-dark/);
  });

  it.each([
    [
      addX('--theme-primary', 'blue', '--theme-primary-dark', '#8fb0ff'),
      /--theme-primary must be a colour written #rrggbb, got: blue/,
    ],
    [
      addX('--theme-primary', '#0d6efd', '--theme-primary-dark', '#8fb0ff'),
      /contrast of 4\.12:1 against its background #f3f5f8/,
    ],
    [
      addX('--theme-primary', '#1f4fd1', '--theme-primary-dark', '#ffd'),
      /--theme-primary-dark must be a colour written #rrggbb, got: #ffd/,
    ],
    [addX('--theme-primary-dark', '#8fb0ff'), /--theme-primary-dark needs --theme-primary/],
    [addX('--theme', 'Big Blue'), /lower-case letters, digits and hyphens/],
    [
      addX('--logo-uri', 'https://x.example/logo.gif'),
      /must be an image whose path ends in \.png, \.svg, \.jpg, \.jpeg, \.webp/,
    ],
    [addX('--logo-uri', 'https://x.example/logo'), /must be an image/],
    [addX('--logo-uri', 'https://x.example/logo.php?f=a.png'), /must be an image/],
    [addX('--logo-uri', 'javascript:alert(1)//a.svg'), /must be an http\(s\) URL/],
    [
      addX('--theme-primary', '#1f4fd1', '--theme-primary-dark', '#1f4fd1'),
      /dark scheme's primary colour #1f4fd1 has a contrast of 2\.44:1 against its background #1b1f24; WCAG AA needs 4\.5:1: choose a lighter --theme-primary-dark/,
    ],
  ])('refuses %j, naming what is wrong', async (args, message) => {
    const result = await verity(env, ...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('updates a client whose logo was stored before the type rule: kept, said not shown, until replaced or removed', async () => {
    const added = await verity(env, ...addX('--logo-uri', 'https://x.example/logo.png', '--json'));
    const { client_id: clientId } = JSON.parse(added.stdout) as { client_id: string };
    // As an earlier version stored it: a logo without an image type in its path.
    const oldLogo = 'https://x.example/brand/logo';
    const stores = await openStores(loadConfig({ ...process.env, ...env }));
    try {
      const { db } = stores.database;
      const row = await db
        .selectFrom('clients')
        .select('metadata')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      const metadata = { ...JSON.parse(row.metadata), logo_uri: oldLogo } as object;
      await db
        .updateTable('clients')
        .set({ metadata: JSON.stringify(metadata) })
        .where('client_id', '=', clientId)
        .execute();
    } finally {
      await stores.database.db.destroy();
    }
    const notShown = `${oldLogo} must be an image whose path ends in .png, .svg, .jpg, .jpeg, .webp: not shown to users until replaced (clients update --logo-uri) or removed (--no-logo-uri)`;

    const shown = await verity(env, 'clients', 'show', clientId);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      logo_uri: oldLogo,
      logo_uri_not_shown: notShown,
    });
    // Another setting changes; the logo stays as stored, and the update says it is not shown.
    const renamed = await verity(env, 'clients', 'update', clientId, '--name', 'X renamed');
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stderr).toBe(`Note: the stored logo ${notShown}.\n`);
    expect(JSON.parse(renamed.stdout)).toMatchObject({
      client_name: 'X renamed',
      logo_uri: oldLogo,
      logo_uri_not_shown: notShown,
    });
    // Setting a logo is validated as ever; a valid one replaces it and is shown.
    const wrong = await verity(env, 'clients', 'update', clientId, '--logo-uri', oldLogo);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/must be an image whose path ends in/);
    const replaced = await verity(
      env,
      'clients',
      'update',
      clientId,
      '--logo-uri',
      'https://x.example/brand/logo.svg',
    );
    expect(replaced.stderr).toBe('');
    const now = JSON.parse(replaced.stdout) as Record<string, unknown>;
    expect(now.logo_uri).toBe('https://x.example/brand/logo.svg');
    expect(now).not.toHaveProperty('logo_uri_not_shown');
    // And it can be removed.
    const removed = await verity(env, 'clients', 'update', clientId, '--no-logo-uri');
    expect(removed.stderr).toBe('');
    expect(JSON.parse(removed.stdout)).not.toHaveProperty('logo_uri');
  });

  it('accepts a logo of each type', async () => {
    for (const logo of ['a.png', 'a.SVG', 'a.jpg', 'a.jpeg', 'a.webp?v=2']) {
      const result = await verity(env, ...addX('--logo-uri', `https://x.example/${logo}`));
      expect(result.code, result.stderr).toBe(0);
    }
  });
});

/** The issue's "contrast check of every client theme", for the example clients. */
describe('the example clients’ themes', () => {
  it.each(exampleClients().map((example) => [example.input.name, example.input] as const))(
    '%s reads in both schemes',
    (_, input) => {
      const colours = clientThemeColours(clientPolicySchema.parse(input));
      for (const background of schemeBackgrounds.light)
        expect(contrastRatio(colours.primary, background)).toBeGreaterThanOrEqual(4.5);
      for (const background of schemeBackgrounds.dark)
        expect(contrastRatio(colours.primaryDark, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.primary, colours.onPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.primaryDark, colours.onPrimaryDark)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    [{ theme: 'forest' }, builtInThemes.forest],
    [{ theme: 'acme' }, builtInThemes.default],
    [
      { theme: 'forest', themeColours: { primary: '#A4161A', primaryDark: '#ff9b8f' } },
      {
        primary: '#a4161a',
        primaryDark: '#ff9b8f',
        onPrimary: '#ffffff',
        onPrimaryDark: '#111418',
      },
    ],
  ])('a client with %j has the colours %j', (policy, colours) => {
    expect(clientThemeColours(clientPolicySchema.parse(policy))).toEqual(colours);
  });

  it('include a built-in theme and a client’s own colours', () => {
    const policies = exampleClients().map((example) => clientPolicySchema.parse(example.input));
    expect(policies.some((policy) => policy.theme === 'forest')).toBe(true);
    expect(policies.some((policy) => policy.themeColours !== null)).toBe(true);
    expect(Object.keys(builtInThemes)).toContain('forest');
  });
});
