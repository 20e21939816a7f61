import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { freshSigningKey, type SigningAlgorithm, type SigningKeyMaker } from '../oidc/keys.js';

/** Keys for tests only (the fixture beside this file): never a deployment's. */
const fixture = JSON.parse(
  readFileSync(new URL('./signingKeys.fixture.json', import.meta.url), 'utf8'),
) as Record<SigningAlgorithm, JWK>;
const later = new Map<string, Promise<JWK>>();

/**
 * Signing keys for test servers. An RSA-3072 key costs up to a second of CPU to make and a
 * run starts about two hundred servers, so generation 1 is the fixture's, and later
 * generations (the rotation tests) are made once per process and shared by its servers. Each
 * server has a database (and an issuer) of its own, so a kid repeats only across databases.
 */
export const testSigningKey: SigningKeyMaker = async (alg, generation) => {
  if (generation === 1) return { ...fixture[alg] };
  const name = `${alg}:${generation}`;
  let made = later.get(name);
  if (!made) {
    made = freshSigningKey(alg, generation);
    later.set(name, made);
  }
  return { ...(await made) };
};
