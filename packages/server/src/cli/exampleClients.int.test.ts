import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { clientInputSchema } from '../features/clients/input.js';
import { buildCli } from '../main.js';
import { exampleClients } from './exampleClients.js';

describe('verity clients examples (issue 21: one command to try each policy)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-examples-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function run(...args: string[]): Promise<string> {
    const output: string[] = [];
    const cli = buildCli(
      (text) => void output.push(text),
      () => undefined,
      () => loadConfig({ DATA_DIR: dataDir }),
    );
    await cli.parseAsync(args, { from: 'user' });
    return output.join('');
  }

  it('are valid registrations, each on its own demo port', () => {
    const examples = exampleClients();
    for (const example of examples)
      expect(clientInputSchema.safeParse(example.input).success).toBe(true);
    expect(new Set(examples.map((example) => example.port)).size).toBe(examples.length);
    expect(examples.map((example) => example.port)).not.toContain(3001);
  });

  it('registers one client per policy, says how to try each, and does not register twice', async () => {
    const first = await run('clients', 'examples');
    expect(first).toContain('Example: second factor');
    expect(first).toMatch(
      /RP_PORT=3002 RP_CLIENT_ID=\S+ RP_CLIENT_SECRET=\S+ node packages\/relying-party\/dist\/main\.js/,
    );

    const listed = JSON.parse(await run('clients', 'list', '--json')) as Array<{
      client_name: string;
      redirect_uris: string[];
      policy: Record<string, unknown>;
    }>;
    const policy = (name: string) => listed.find((client) => client.client_name === name)?.policy;
    expect(listed).toHaveLength(4);
    expect(policy('Example: second factor')).toMatchObject({ requireSecondFactor: true });
    expect(policy('Example: identity checks')).toMatchObject({
      assurance: [
        ['Passport', 'KBVL1'],
        ['DrivingLicence', 'KBVL1'],
      ],
    });
    expect(policy('Example: open banking')).toMatchObject({
      assurance: [['OB', 'Bank']],
      allowBankLogin: true,
    });
    expect(policy('Example: PIN')).toMatchObject({ requirePin: true });
    expect(listed.find((client) => client.client_name === 'Example: PIN')?.redirect_uris).toEqual([
      'http://127.0.0.1:3005/callback',
    ]);

    const again = await run('clients', 'examples');
    expect(again).toContain('already registered');
    expect(JSON.parse(await run('clients', 'list', '--json'))).toHaveLength(4);
  });
});
