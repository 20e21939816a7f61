import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, insecureSettings, loadConfig } from '../../config.js';
import { bankProvidersFrom } from './registry.js';

const key = randomBytes(32);
const acme = {
  display_name: 'Acme Bank',
  type: 'tk',
  auth_url: 'https://auth.acme.example',
  api_url: 'https://api.acme.example',
  client_id: 'id',
  client_secret: 'secret',
};
const names = (env: Record<string, string>) =>
  bankProvidersFrom(loadConfig(env), key).map((p) => [p.displayName, p.type, p.linkOrigin]);

describe('bank providers from configuration', () => {
  it('offers the sandbox bank outside production, both ways of showing it', () => {
    expect(names({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([
      ['Sandbox Bank', 'tl', 'http://localhost:3000'],
      ['Sandbox Bank Embedded', 'tk', 'http://localhost:3000'],
    ]);
  });

  it('leaves the sandbox bank out of production unless asked, and warns when asked', () => {
    expect(names({ NODE_ENV: 'production' })).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'production', SANDBOX_BANK: 'on' });
    expect(config.sandboxBank).toBe(true);
    expect(insecureSettings(config).join('\n')).toContain('SANDBOX_BANK=on in production');
  });

  it('adds the providers of OB_PROVIDERS after the sandbox', () => {
    expect(names({ SANDBOX_BANK: 'off', OB_PROVIDERS: JSON.stringify([acme]) })).toEqual([
      ['Acme Bank', 'tk', 'https://auth.acme.example'],
    ]);
  });

  it.each([
    ['not JSON', '[{'],
    ['a name that is not a plain name', JSON.stringify([{ ...acme, display_name: '../x' }])],
    [
      'an auth URL that is not http',
      JSON.stringify([{ ...acme, auth_url: 'javascript:alert(1)' }]),
    ],
    ['no client secret', JSON.stringify([{ ...acme, client_secret: '' }])],
    ['an unknown field', JSON.stringify([{ ...acme, colour: 'red' }])],
    ['the same name twice', JSON.stringify([acme, { ...acme, display_name: 'ACME BANK' }])],
  ])('refuses OB_PROVIDERS with %s', (_case, value) => {
    expect(() => loadConfig({ OB_PROVIDERS: value })).toThrow(ConfigError);
  });
});
