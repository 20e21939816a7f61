import type { TestServer } from './testServer.js';

/**
 * Profiles for identity-check tests (docs/sandbox.md): Anna Smith is the person of the
 * sandbox's passport, licence, card, credit file and mobile contract, so her checks pass;
 * Ada Lovelace has none of these records, so Anna's data in Ada's profile is another
 * person's (an identity mismatch).
 */
export const identities = {
  anna: { given_name: 'Anna', family_name: 'Smith', birthdate: '1985-02-17' },
  david: { given_name: 'David Michael', family_name: 'Jones', birthdate: '1972-11-03' },
  james: { given_name: 'James', family_name: 'Taylor', birthdate: '1979-09-30' },
  robert: { given_name: 'Robert', family_name: 'MacDonald', birthdate: '1968-04-05' },
  siobhan: { given_name: 'Siobhán', family_name: "O'Brien", birthdate: '1990-06-21' },
  ada: { given_name: 'Ada', family_name: 'Lovelace', birthdate: '1985-12-10' },
  /**
   * Anna Smith's twin sister at the same address: no records of her own, but a credit agency,
   * which looks files up by family name, birth date and address, finds Anna's for her.
   */
  emma: {
    given_name: 'Emma',
    family_name: 'Smith',
    birthdate: '1985-02-17',
    address: {
      postcode: 'CR2 6XH',
      uprn: '900000000601',
      text: '14 Selsdon Road, South Croydon, Croydon',
      picklist: false,
    },
  },
} as const;

export type TestIdentity = keyof typeof identities;

/** Gives the account of `email` one of the test identities as its profile. */
export async function claimIdentity(
  server: TestServer,
  email: string,
  identity: TestIdentity,
): Promise<string> {
  const user = await server.ctx.users.findByEmail(email);
  await server.ctx.profiles.update(user!.id, { ...identities[identity] });
  return user!.id;
}
