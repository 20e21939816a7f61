import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { databaseTargets } from './test/databases.js';
import { testEnv } from './test/testServer.js';

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

describe.each(databaseTargets())('the verity command (%s)', (target) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(() => {
    ({ env, cleanup } = testEnv(target));
  });
  afterAll(async () => cleanup?.());

  it('migrates', async () => {
    const first = await verity(env, 'migrate');
    expect(first.code).toBe(0);
    expect((await verity(env, 'migrate')).stdout).toContain('up to date');
  });

  it('adds, lists, shows, updates and removes a client', async () => {
    const added = await verity(
      env,
      'clients',
      'add',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--redirect-uri',
      'https://shop.example/cb2',
      '--post-logout-redirect-uri',
      'https://shop.example/',
      '--logo-uri',
      'https://shop.example/logo.png',
      '--theme',
      'dark',
      '--require-second-factor',
      '--claims',
      'given_name,family_name',
      '--custom-claim',
      '{"name":"member_no","type":"text","title":"Membership number"}',
      '--assurance',
      '[["Passport","KBVL1"],["OB"]]',
      '--skip-consent',
      '--session-lifetime',
      '3600',
      '--json',
    );
    expect(added.code).toBe(0);
    expect(added.stdout.trim().split('\n')).toHaveLength(1);
    const client = JSON.parse(added.stdout) as {
      client_id: string;
      client_secret: string;
      redirect_uris: string[];
      policy: Record<string, unknown>;
    };
    expect(client.client_secret).toMatch(/^[\w-]{43}$/);
    expect(client.redirect_uris).toHaveLength(2);
    expect(client.policy).toMatchObject({
      theme: 'dark',
      requireSecondFactor: true,
      skipConsent: true,
      sessionLifetime: 3600,
      // Refresh token families live 30 days from sign-in unless the client says otherwise.
      refreshTokenLifetime: 30 * 24 * 3600,
      assurance: [['Passport', 'KBVL1'], ['OB']],
    });

    expect((await verity(env, 'clients', 'list')).stdout).toContain(client.client_id);
    const shown = await verity(env, 'clients', 'show', client.client_id);
    expect(shown.stdout).toContain('Membership number');
    expect(shown.stdout).not.toContain(client.client_secret);

    const updated = await verity(
      env,
      'clients',
      'update',
      client.client_id,
      '--no-require-second-factor',
      '--require-pin',
      '--refresh-token-lifetime',
      '86400',
    );
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).policy).toMatchObject({
      requireSecondFactor: false,
      requirePin: true,
      skipConsent: true,
      refreshTokenLifetime: 86400,
    });

    expect((await verity(env, 'clients', 'remove', client.client_id)).code).toBe(0);
    const gone = await verity(env, 'clients', 'show', client.client_id);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('No client');
  });

  /** `clients add` of a valid client, with these further arguments. */
  const addX = (...more: string[]) => [
    'clients',
    'add',
    '--name',
    'X',
    '--redirect-uri',
    'https://x.example/cb',
    ...more,
  ];

  it('names a GPG45 level for a client, shows it, and removes it', async () => {
    const added = await verity(env, ...addX('--assurance-level', 'P2', '--json'));
    expect(added.code).toBe(0);
    const client = JSON.parse(added.stdout) as { client_id: string; policy: object };
    expect(client.policy).toMatchObject({ assurance: [], assuranceLevel: 'P2' });
    const shown = await verity(env, 'clients', 'show', client.client_id);
    expect(JSON.parse(shown.stdout).policy.assuranceLevel).toBe('P2');

    const lowered = await verity(
      env,
      'clients',
      'update',
      client.client_id,
      '--assurance-level',
      'P1',
    );
    expect(JSON.parse(lowered.stdout).policy.assuranceLevel).toBe('P1');
    const removed = await verity(
      env,
      'clients',
      'update',
      client.client_id,
      '--no-assurance-level',
    );
    expect(JSON.parse(removed.stdout).policy.assuranceLevel).toBeNull();
    const untouched = await verity(env, 'clients', 'update', client.client_id, '--name', 'Y');
    expect(JSON.parse(untouched.stdout).policy.assuranceLevel).toBeNull();
  });

  it.each([
    [['clients', 'add', '--redirect-uri', 'https://x.example/cb'], /--name/],
    [['clients', 'add', '--name', 'X'], /redirect-uri/],
    [['clients', 'add', '--name', 'X', '--redirect-uri', 'http://x.example/cb'], /https/],
    [addX('--assurance', '[[oops'), /--assurance must be JSON/],
    [addX('--assurance', '[["Nope"]]'), /assurance/],
    [addX('--assurance-level', 'P3'), /--assurance-level must be P1 or P2, got: P3/],
    [addX('--session-lifetime', 'soon'), /whole number/],
    [addX('--refresh-token-lifetime', '30d'), /--refresh-token-lifetime must be a whole number/],
    [addX('--refresh-token-lifetime', '10'), /refreshTokenLifetime/],
    [addX('--bogus'), /unknown option/],
    [['clients', 'update', 'nope', '--name', 'Y'], /No client/],
    [['clients', 'update', 'nope'], /nothing to change/],
    [['clients', 'frobnicate'], /unknown command/],
    [['keys', 'spin'], /unknown command/],
  ])('rejects %j with a clear message and a non-zero exit', async (args, message) => {
    const result = await verity(env, ...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('lists and rotates keys: staged, or at once in an emergency', async () => {
    const before = await verity(env, 'keys', 'list');
    expect(before.stdout.match(/ {2}signing {2}created/g)).toHaveLength(2);
    const staged = await verity(env, 'keys', 'rotate');
    expect(staged.stdout).toMatch(/New ES256 key \S+, signing from \d{4}-/);
    const afterStaged = await verity(env, 'keys', 'list');
    expect(afterStaged.stdout.match(/ {2}signing {2}created .* signing ends /g)).toHaveLength(2);
    expect(afterStaged.stdout.match(/ {2}next {2}created .* signs from /g)).toHaveLength(2);
    const emergency = await verity(env, 'keys', 'rotate', '--now');
    expect(emergency.stdout).toContain('New RS256 key');
    const after = await verity(env, 'keys', 'list');
    expect(after.stdout.match(/ {2}signing {2}created/g)).toHaveLength(2);
    expect(after.stdout.match(/ {2}previous {2}created .* published until /g)).toHaveLength(4);
    // The staged keys the emergency rotation overtook.
    expect(after.stdout.match(/ {2}never signs /g)).toHaveLength(2);
  });

  it('refuses bad configuration', async () => {
    const result = await verity({ ...env, PORT: 'eighty' }, 'migrate');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
