import type { CheckName } from '@verity/contracts';

/** The profile fields a check may need to know whom it is checking. */
export type SubjectField = 'given_name' | 'family_name' | 'birthdate';

const subjectFieldOrder: readonly SubjectField[] = ['given_name', 'family_name', 'birthdate'];

/** Checks whose evidence carries the verified name and birth date (kbvSubject.ts reads it). */
const personDocuments: ReadonlySet<CheckName> = new Set<CheckName>([
  'Passport',
  'DrivingLicence',
  'GenuinePassport',
  'GenuineDrivingLicence',
]);

interface SubjectNeed {
  fields: readonly SubjectField[];
  /** Checks of the same option that supply these fields before this check runs. */
  suppliedBy: ReadonlySet<CheckName>;
  /** Whether a document check the user has already passed supplies them. */
  documentStandsIn: boolean;
}

const nameAndBirth: SubjectNeed = {
  fields: ['given_name', 'family_name', 'birthdate'],
  suppliedBy: personDocuments,
  documentStandsIn: true,
};
// A typed account is matched against the profile's name; a bank login captures that name.
const holderName: SubjectNeed = {
  fields: ['given_name', 'family_name'],
  suppliedBy: new Set<CheckName>(['OB']),
  documentStandsIn: false,
};

/**
 * What each check reads from the profile about the person (the checks not listed read nothing
 * or capture it themselves): the questions and the mobile contract are about the person a
 * document verified, else the profile's name and birth date (kbvSubject.ts); the Bank check
 * matches a typed account against the profile's name (verifyTypedAccount.ts).
 */
const subjectNeeds: Partial<Record<CheckName, SubjectNeed>> = {
  KBVL1: nameAndBirth,
  KBVL2: nameAndBirth,
  MobileContract: nameAndBirth,
  Bank: holderName,
  CurrentAccount: holderName,
};

/**
 * The profile fields the checks still to do of one option need, in form order: none for a
 * check whose person another check of the option supplies first (a document for the questions,
 * a bank login for the Bank check), or a passed document check already has.
 */
export function subjectFields(
  remaining: readonly CheckName[],
  documentVerified: boolean,
): SubjectField[] {
  const needed = new Set<SubjectField>();
  for (const check of remaining) {
    const need = subjectNeeds[check];
    if (!need) continue;
    if (need.documentStandsIn && documentVerified) continue;
    if (remaining.some((other) => need.suppliedBy.has(other))) continue;
    for (const field of need.fields) needed.add(field);
  }
  return subjectFieldOrder.filter((field) => needed.has(field));
}

/**
 * The fields needed whichever option the user takes: the chosen option's when there is a
 * choice, else those every option left needs (the choice comes first, on /VerifyOptions).
 */
export function subjectFieldsForOptions(
  options: readonly (readonly CheckName[])[],
  documentVerified: boolean,
): SubjectField[] {
  if (options.length === 0) return [];
  const [first, ...others] = options.map((option) => subjectFields(option, documentVerified));
  return first!.filter((field) => others.every((fields) => fields.includes(field)));
}
