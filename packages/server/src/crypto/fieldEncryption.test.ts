import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldEncryption } from './fieldEncryption.js';

describe('FieldEncryption', () => {
  const encryption = new FieldEncryption(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const stored = encryption.encrypt('secret value', 'users.email:1');
    expect(stored).not.toContain('secret');
    expect(encryption.decrypt(stored, 'users.email:1')).toBe('secret value');
  });

  it('uses a fresh IV each time', () => {
    expect(encryption.encrypt('x', 'c')).not.toBe(encryption.encrypt('x', 'c'));
  });

  it.each([
    ['another context', (s: string) => s, 'users.email:2'],
    [
      'a tampered ciphertext',
      (s: string) => s.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`),
      'users.email:1',
    ],
    ['another key', (s: string) => s, 'users.email:1', new FieldEncryption(randomBytes(32))],
    ['garbage', () => 'not-encrypted', 'users.email:1'],
    ['a truncated tag', (s: string) => s.slice(0, -12), 'users.email:1'],
  ])('refuses %s', (_name, mutate, context, other = encryption) => {
    const stored = mutate(encryption.encrypt('secret value', 'users.email:1'));
    expect(() => other.decrypt(stored, context)).toThrow();
  });
});
