import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeProviderNotices } from './providerNotices.js';

describe('routeProviderNotices', () => {
  const saved = { info: console.info, warn: console.warn };
  afterEach(() => {
    console.info = saved.info;
    console.warn = saved.warn;
    vi.restoreAllMocks();
  });

  it("turns oidc-provider's notices into JSON lines and leaves other output alone", () => {
    const passedOn: unknown[][] = [];
    console.info = (...args: unknown[]) => void passedOn.push(args);
    console.warn = (...args: unknown[]) => void passedOn.push(args);
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    routeProviderNotices();
    console.warn('oidc-provider WARNING: Unsupported runtime.');
    console.info('\x1b[33;1moidc-provider NOTICE: default function called\x1b[0m');
    console.warn('something else', 1);
    expect(written.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ level: 40, msg: 'Unsupported runtime.', source: 'oidc-provider' }),
      expect.objectContaining({
        level: 30,
        msg: 'default function called',
        source: 'oidc-provider',
      }),
    ]);
    expect(written.every((line) => line.endsWith('}\n'))).toBe(true);
    expect(passedOn).toEqual([['something else', 1]]);
  });
});
