import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const credentials = { RP_CLIENT_ID: 'client', RP_CLIENT_SECRET: 'secret' };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ ...credentials });
    expect(config.port).toBe(3001);
    expect(config.host).toBe('127.0.0.1');
    expect(config.rpUrl).toBe('http://127.0.0.1:3001');
    expect(config.issuer.href).toBe('http://localhost:3000/');
    expect(config.allowInsecureIssuer).toBe(true);
    expect(config.redirectUri).toBe('http://127.0.0.1:3001/callback');
    expect(config.postLogoutRedirectUri).toBe('http://127.0.0.1:3001/');
  });

  it('derives RP_URL from RP_PORT and drops a trailing slash from RP_URL', () => {
    expect(loadConfig({ ...credentials, RP_PORT: '4001' }).rpUrl).toBe('http://127.0.0.1:4001');
    expect(loadConfig({ ...credentials, RP_URL: 'https://rp.example/' }).redirectUri).toBe(
      'https://rp.example/callback',
    );
  });

  it('refuses to start without client credentials, naming what is missing', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/RP_CLIENT_ID and RP_CLIENT_SECRET must be set/);
    expect(() => loadConfig({ RP_CLIENT_ID: 'client' })).toThrow(/^RP_CLIENT_SECRET must be set/);
  });

  it('allows plain HTTP only for a local issuer', () => {
    expect(
      loadConfig({ ...credentials, ISSUER: 'http://127.0.0.1:3000' }).allowInsecureIssuer,
    ).toBe(true);
    expect(loadConfig({ ...credentials, ISSUER: 'https://id.example' }).allowInsecureIssuer).toBe(
      false,
    );
    expect(() => loadConfig({ ...credentials, ISSUER: 'http://id.example' })).toThrow(
      /ISSUER must use https/,
    );
  });

  it('rejects a bad port or URL', () => {
    expect(() => loadConfig({ ...credentials, RP_PORT: 'abc' })).toThrow(/RP_PORT/);
    expect(() => loadConfig({ ...credentials, RP_PORT: '70000' })).toThrow(/RP_PORT/);
    expect(() => loadConfig({ ...credentials, ISSUER: 'not a url' })).toThrow(/ISSUER/);
    expect(() => loadConfig({ ...credentials, RP_URL: 'ftp://x' })).toThrow(/RP_URL/);
  });

  it('passes a claims parameter through, and refuses one that is not a JSON object', () => {
    expect(loadConfig({ ...credentials }).claims).toBeUndefined();
    expect(
      loadConfig({ ...credentials, RP_CLAIMS: '{"id_token": {"verified_claims": null}}' }).claims,
    ).toBe('{"id_token":{"verified_claims":null}}');
    expect(() => loadConfig({ ...credentials, RP_CLAIMS: '[1]' })).toThrow(/RP_CLAIMS/);
    expect(() => loadConfig({ ...credentials, RP_CLAIMS: '{' })).toThrow(/RP_CLAIMS/);
  });
});
