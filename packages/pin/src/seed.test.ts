import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/curves/utils.js';
import { describe, expect, it, vi } from 'vitest';

// A broken platform generator (all zeros) shows what the seed adds and that it is mixed in,
// not substituted: the draws are SHA-512(platform bytes ‖ seed).
vi.mock('@noble/curves/utils.js', async (original) => ({
  ...(await original<typeof import('@noble/curves/utils.js')>()),
  randomBytes: (n: number) => new Uint8Array(n),
}));

const { addSeed, randomBytes, PinProtocolError } = await import('./codec.js');

describe('seedValue mixed into the random draws', () => {
  const seed1 = '11'.repeat(32);
  const seed2 = '22'.repeat(32);

  it('without a seed, the platform bytes as they are', () => {
    expect(bytesToHex(randomBytes(16))).toBe('00'.repeat(16));
  });

  it.each([
    ['', 'seedValue'],
    ['11'.repeat(31), 'seedValue'],
    ['AB'.repeat(32), 'seedValue'],
  ])('refuses the seed %j', (bad, message) => {
    expect(() => addSeed(bad)).toThrow(PinProtocolError);
    expect(() => addSeed(bad)).toThrow(message);
  });

  it('with seeds, SHA-512(platform bytes ‖ accumulated seed)', () => {
    addSeed(seed1);
    const first = sha512(hexToBytes(seed1));
    expect(bytesToHex(randomBytes(48))).toBe(
      bytesToHex(sha512(concatBytes(new Uint8Array(48), first)).subarray(0, 48)),
    );
    addSeed(seed2);
    const both = sha512(concatBytes(first, hexToBytes(seed2)));
    expect(bytesToHex(randomBytes(16))).toBe(
      bytesToHex(sha512(concatBytes(new Uint8Array(16), both)).subarray(0, 16)),
    );
    expect(() => randomBytes(65)).toThrow('at most 64');
  });
});
