import type { TestServer } from './testServer.js';

/**
 * Profiles for identity-check tests (docs/sandbox.md): Anna Smith is the person of the
 * sandbox's passport, licence, card, credit file and mobile contract, so her checks pass;
 * Ada Lovelace has none of these records, so Anna's data in Ada's profile is another
 * person's (an identity mismatch).
 */
/** An address the sandbox's lookup finds (sandboxAddresses.ts), as /Profile stores it. */
const at = (postcode: string, uprn: string, text: string) =>
  ({ postcode, uprn, text, picklist: true }) as const;

export const identities = {
  anna: {
    given_name: 'Anna',
    family_name: 'Smith',
    birthdate: '1985-02-17',
    address: at('CR2 6XH', '900000000401', '14 Selsdon Road, South Croydon, Croydon'),
  },
  david: {
    given_name: 'David Michael',
    family_name: 'Jones',
    birthdate: '1972-11-03',
    address: at('EC1A 1BB', '900000000101', 'Flat 1, 1 St Martins Le Grand, London'),
  },
  james: {
    given_name: 'James',
    family_name: 'Taylor',
    birthdate: '1979-09-30',
    address: at('M1 1AE', '900000000201', '1 Piccadilly Gardens, Manchester'),
  },
  robert: {
    given_name: 'Robert',
    family_name: 'MacDonald',
    birthdate: '1968-04-05',
    address: at(
      'DN55 1PT',
      '900000000501',
      'Royal Mail Test Centre, Wheatley Hall Road, Doncaster',
    ),
  },
  siobhan: {
    given_name: 'Siobhán',
    family_name: "O'Brien",
    birthdate: '1990-06-21',
    address: at('B33 8TH', '900000000301', '1 Yardley Green Road, Stechford, Birmingham'),
  },
  ada: {
    given_name: 'Ada',
    family_name: 'Lovelace',
    birthdate: '1985-12-10',
    address: at('SW1A 1AA', '900000000001', 'Buckingham Palace, London'),
  },
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
