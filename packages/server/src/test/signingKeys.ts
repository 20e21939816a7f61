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

/** Distinct first-generation keys (the second fixture beside this file), one set per instance. */
const instanceFixtures = JSON.parse(
  readFileSync(new URL('./signingKeys.instances.fixture.json', import.meta.url), 'utf8'),
) as Array<Record<SigningAlgorithm, JWK>>;

/**
 * For instances started at once on an empty database: instance `index` offers keys no other
 * instance offers, so which set won (and that only one did) can be told apart. Later
 * generations as testSigningKey's.
 */
export function instanceSigningKey(index: number): SigningKeyMaker {
  const set = instanceFixtures[index];
  if (!set) throw new Error(`signingKeys.instances.fixture.json has no set ${index}`);
  return async (alg, generation) =>
    generation === 1 ? { ...set[alg] } : testSigningKey(alg, generation);
}
