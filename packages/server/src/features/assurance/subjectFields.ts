import type { CheckName } from '@verity/contracts';

/** The profile fields a check may need to know whom it is checking. */
export type SubjectField = 'given_name' | 'family_name' | 'birthdate' | 'address';

const subjectFieldOrder: readonly SubjectField[] = [
  'given_name',
  'family_name',
  'birthdate',
  'address',
];

/** Checks that capture the profile themselves from a document's photo (features/photoId). */
const photoDocuments: ReadonlySet<CheckName> = new Set<CheckName>([
  'GenuinePassport',
  'GenuineDrivingLicence',
]);

/** Whether a check fills the profile's empty name and birth date from what it reads. */
export function capturesProfile(check: CheckName): boolean {
  return photoDocuments.has(check);
}

interface SubjectNeed {
  fields: readonly SubjectField[];
  /** Checks of the same option that supply these fields before this check runs. */
  suppliedBy: ReadonlySet<CheckName>;
}

// A record with a birth date (document, credit file, contract) is matched with both.
const nameAndBirth: SubjectNeed = {
  fields: ['given_name', 'family_name', 'birthdate'],
  suppliedBy: photoDocuments,
};
// A credit file is found at the applicant's address too, as agencies do: by name and birth
// date alone, a namesake's (or a twin's) file would be the one asked about. No check captures
// the address.
const currentAddress: SubjectNeed = { fields: ['address'], suppliedBy: new Set<CheckName>() };
const creditFile: readonly SubjectNeed[] = [nameAndBirth, currentAddress];
// A holder name (card, bank account) is matched with the profile's name; a bank login
// captures that name.
const holderName: SubjectNeed = {
  fields: ['given_name', 'family_name'],
  suppliedBy: new Set<CheckName>(['OB', ...photoDocuments]),
};

/**
 * What each check matches its record with (the claimed identity, features/identity): every
 * check but those that capture the profile themselves (open banking, document photos). The
 * evidence of a passed check is bound to these fields, so they are in the profile whenever a
 * check has passed.
 */
const subjectNeeds: Partial<Record<CheckName, SubjectNeed | readonly SubjectNeed[]>> = {
  Passport: nameAndBirth,
  DrivingLicence: nameAndBirth,
  KBVL1: creditFile,
  KBVL2: creditFile,
  MobileContract: nameAndBirth,
  CreditCard: holderName,
  DebitCard: holderName,
  Bank: holderName,
  CurrentAccount: holderName,
};

/**
 * The profile fields the checks still to do of one option need, in form order: none for a
 * check whose person another check of the option captures first (a bank login's name).
 */
export function subjectFields(remaining: readonly CheckName[]): SubjectField[] {
  const needed = new Set<SubjectField>();
  for (const check of remaining) {
    for (const need of [subjectNeeds[check] ?? []].flat()) {
      if (remaining.some((other) => need.suppliedBy.has(other))) continue;
      for (const field of need.fields) needed.add(field);
    }
  }
  return subjectFieldOrder.filter((field) => needed.has(field));
}

/**
 * The fields needed whichever option the user takes: the chosen option's when there is a
 * choice, else those every option left needs (the choice comes first, on /VerifyOptions).
 */
export function subjectFieldsForOptions(
  options: readonly (readonly CheckName[])[],
): SubjectField[] {
  if (options.length === 0) return [];
  const [first, ...others] = options.map((option) => subjectFields(option));
  return first!.filter((field) => others.every((fields) => fields.includes(field)));
}
