/**
 * Whether the person a check found (a passport's holder, a credit file's subject, a card's
 * or a bank account's holder) is the claimed identity: the profile's names and birth date.
 * Every check, and every later one (photo ID), asks this module and nothing else, so the
 * rules below are written down once (docs/flows/identity-checks.md repeats them):
 *
 * - Case, spacing and punctuation do not matter: 'o’brien ' = "O'BRIEN" = 'OBrien'. A hyphen
 *   or apostrophe inside a family name is no letter: 'Smith-Jones' = 'SMITH JONES' =
 *   'SmithJones' (the MRZ writes both as '<' or nothing, ICAO 9303 part 3).
 * - Diacritics are dropped (é = e) and letters without an ASCII decomposition are
 *   transliterated as ICAO 9303 part 3 does for the MRZ: ß = ss, æ = ae, œ = oe, þ = th,
 *   ð = d, ł = l, ı = i; ä, ö, ü, ø and å have two spellings (ä = a or ae, ø = o or oe,
 *   å = a or aa): 'Müller' matches 'MULLER' and 'MUELLER', but 'Mueller' never matches
 *   'Muller' (no umlaut, so no second spelling). Cyrillic by ICAO's Cyrillic table
 *   ('Юлия Щербакова' = 'IULIIA SHCHERBAKOVA'; ь is dropped, ъ = ie). Other scripts
 *   (Greek, Arabic...) have no table here and match no Latin name.
 * - Titles before a name (Mr, Dr, Sir...) and suffixes after it (Jr, III, OBE...) are dropped.
 * - The birth date is exact (yyyy-mm-dd); a record without one cannot match a profile with one.
 * - A document or credit file gives its subject's names in fields: every word of the family
 *   name, and every given name in order, must match in full. No initials: 'A' is Ada as
 *   much as Anna (GOV.UK One Login compares full names the same way).
 * - A holder name (card, bank account, mobile contract) is one string written as the
 *   provider keeps it ('LOVELACE A A', 'Mrs Ada Lovelace'): word order is free; every word
 *   of the family name and the first given name must be there in full; later given names
 *   may be missing or initials; any other word is another person's. A joint account
 *   ('Mr C Babbage & Mrs A Lovelace') matches when one of its holders does.
 * - The profile may hold several names (a previous family name, e.g. before marriage):
 *   a record matches when it matches one of them.
 * - A record that carries its subject's address (a credit file) matches only when that
 *   address's postcode is one of the profile's address history (case and spaces do not
 *   count). A profile without an address is not compared on it (the record was then found
 *   by name and birth date alone). Documents are not matched on their address: a licence
 *   keeps an address its holder may have left, and GOV.UK does not match one either.
 */

/** A person's names as a document, a credit file or a profile gives them. */
export interface PersonName {
  /** Given names in order, space-separated (the first is the one people use). */
  givenNames: string;
  familyName: string;
}

/** The claimed identity every check is matched against (the profile's). */
export interface CoreIdentity {
  /** The current name first, then earlier ones. */
  names: readonly PersonName[];
  /** yyyy-mm-dd, or null when the profile has none. */
  birthDate: string | null;
  /** The postcodes of the profile's address history, current first (none: not compared). */
  postcodes?: readonly string[];
}

/** The person a check's record names. */
export type RecordPerson =
  | {
      kind: 'document';
      name: PersonName;
      birthDate: string | null;
      /** The postcode of the address the record holds for its subject (a credit file's). */
      postcode?: string | null;
    }
  | { kind: 'holder'; holderName: string; birthDate?: string | null };

/** Why a record is not the claimed identity (no personal data: safe for audit events). */
export type MismatchReason = 'name' | 'birthdate' | 'address' | 'no_identity';

export type IdentityMatch = { matches: true } | { matches: false; reason: MismatchReason };

/** Words dropped before a name (titles). */
const titles = new Set(
  'mr mrs ms miss mx master dr doctor prof professor sir dame lord lady rev revd reverend fr capt major col hon'.split(
    ' ',
  ),
);
/** Words dropped after a name (generational and honours suffixes). */
const suffixes = new Set(
  'jr jnr junior sr snr senior ii iii iv phd esq obe mbe cbe kbe'.split(' '),
);

/** ICAO 9303 part 3 transliteration: every spelling a letter may have in the MRZ. */
const transliterations: Record<string, readonly string[]> = {
  ä: ['a', 'ae'],
  ö: ['o', 'oe'],
  ü: ['u', 'ue'],
  ø: ['o', 'oe'],
  å: ['a', 'aa'],
  ß: ['ss'],
  æ: ['ae'],
  œ: ['oe'],
  þ: ['th'],
  ð: ['d'],
  đ: ['d'],
  ł: ['l'],
  ı: ['i'],
  ħ: ['h'],
  // Cyrillic (ICAO 9303 part 3, section 6, the Cyrillic table): a profile written in
  // Cyrillic matches a passport's MRZ, which the issuing state writes in Latin by this table.
  а: ['a'],
  б: ['b'],
  в: ['v'],
  г: ['g'],
  ґ: ['g'],
  д: ['d'],
  ђ: ['d'],
  ѓ: ['g'],
  е: ['e'],
  ё: ['e'],
  є: ['ie'],
  ж: ['zh'],
  з: ['z'],
  ѕ: ['dz'],
  и: ['i'],
  і: ['i'],
  ї: ['i'],
  й: ['i'],
  ј: ['j'],
  к: ['k'],
  л: ['l'],
  љ: ['lj'],
  м: ['m'],
  н: ['n'],
  њ: ['nj'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  ћ: ['c'],
  ќ: ['k'],
  у: ['u'],
  ў: ['u'],
  ф: ['f'],
  х: ['kh'],
  ц: ['ts'],
  ч: ['ch'],
  џ: ['dz'],
  ш: ['sh'],
  щ: ['shch'],
  ъ: ['ie'],
  ы: ['y'],
  ь: [''],
  э: ['e'],
  ю: ['iu'],
  я: ['ia'],
};

/** A name with more special letters than this is compared by its first spelling only. */
const MAX_SPELLINGS = 64;

/**
 * The words of a name, lower case, with apostrophes removed and other punctuation as a
 * word break. Letters keep their diacritics here; `spellings` folds them.
 */
function words(name: string): string[] {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’‘`ʼ]/g, '')
    .split(/[^\p{L}\p{M}]+/u)
    .filter((word) => word !== '');
}

/** Every ASCII spelling of a word (one unless it holds ä, ö, ü, ø or å). */
export function spellings(word: string): string[] {
  let results = [''];
  for (const char of word.toLowerCase().normalize('NFC')) {
    const options = transliterations[char] ?? [
      char.normalize('NFD').replace(/\p{M}/gu, '') || char,
    ];
    results =
      results.length * options.length > MAX_SPELLINGS
        ? results.map((r) => r + options[0])
        : results.flatMap((r) => options.map((o) => r + o));
  }
  return results.filter((spelling) => /^[a-z]+$/.test(spelling));
}

/** Whether two words (or word runs, spaces removed) are one name in any ICAO spelling. */
function sameWord(a: string, b: string): boolean {
  const ofA = new Set(spellings(a));
  return spellings(b).some((spelling) => ofA.has(spelling));
}

function withoutTitles(list: string[]): string[] {
  let start = 0;
  while (start < list.length - 1 && titles.has(list[start]!)) start++;
  let end = list.length;
  while (end > start + 1 && suffixes.has(list[end - 1]!)) end--;
  return list.slice(start, end);
}

/** Family names compare as one run of letters: 'Smith-Jones' = 'SMITHJONES', 'O Brien' = 'OBrien'. */
function familyMatches(profile: string, record: string): boolean {
  const a = withoutTitles(words(profile)).join('');
  const b = withoutTitles(words(record)).join('');
  return a !== '' && b !== '' && sameWord(a, b);
}

/** Given names in order, each in full; titles before them dropped. */
function givenMatch(profile: string, record: string): boolean {
  const a = withoutTitles(words(profile));
  const b = withoutTitles(words(record));
  return a.length > 0 && a.length === b.length && a.every((word, i) => sameWord(word, b[i]!));
}

/** A document's or credit file's fielded name against one profile name. */
export function documentNameMatches(profile: PersonName, record: PersonName): boolean {
  return (
    familyMatches(profile.familyName, record.familyName) &&
    givenMatch(profile.givenNames, record.givenNames)
  );
}

/** Words that join the holders of a joint account ('A Lovelace & C Babbage'). */
const HOLDER_JOIN = /\s*(?:&|\+|\band\b|\/)\s*/i;

/** One holder's words against one profile name (rules for holder names, above). */
function holderMatchesName(holder: string[], profile: PersonName): boolean {
  const unused = withoutTitles(holder.filter((word) => !titles.has(word)));
  const take = (word: string, initial = false): boolean => {
    const index = unused.findIndex((candidate) =>
      initial ? candidate.length === 1 && sameWord(candidate, word[0]!) : sameWord(candidate, word),
    );
    if (index >= 0) unused.splice(index, 1);
    return index >= 0;
  };
  // A run of neighbouring words spelling `target` ('O BRIEN' for "O'Brien").
  const takeRun = (target: string): boolean => {
    for (let start = 0; start < unused.length; start++)
      for (let end = start + 1; end <= unused.length; end++)
        if (sameWord(unused.slice(start, end).join(''), target)) {
          unused.splice(start, end - start);
          return true;
        }
    return false;
  };
  const family = withoutTitles(words(profile.familyName));
  const [first, ...middle] = withoutTitles(words(profile.givenNames));
  if (family.length === 0 || first === undefined) return false;
  // The family name's words in any order, or run together ('OBRIEN', 'O BRIEN' for "O'Brien").
  const familyFound = family.every((word) => take(word)) || takeRun(family.join(''));
  if (!familyFound || !take(first)) return false;
  for (const name of middle) if (!take(name)) take(name, true);
  return unused.length === 0;
}

/** A holder name (card, bank, mobile contract) against one profile name. */
export function holderNameMatches(profile: PersonName, holderName: string): boolean {
  return holderName
    .split(HOLDER_JOIN)
    .flatMap((part) => {
      // A comma separates holders only between full names: 'LOVELACE, ADA' is one name.
      const names = part.split(/\s*,\s*/);
      return names.every((name) => words(name).length >= 2) ? names : [part];
    })
    .some((holder) => holderMatchesName(words(holder), profile));
}

/** Whether two birth dates are the same day (exact, yyyy-mm-dd). */
export function birthDatesMatch(
  profile: string | null,
  record: string | null | undefined,
): boolean {
  return (
    profile !== null && record != null && /^\d{4}-\d{2}-\d{2}$/.test(profile) && profile === record
  );
}

/** A postcode as one string of letters and digits, upper case: 'sw1a 1aa' = 'SW1A1AA'. */
const postcodeKey = (postcode: string) => postcode.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a record's address is one of the profile's (rules above): true when the record
 * carries none, or the profile holds none.
 */
export function addressMatches(
  profile: readonly string[] | undefined,
  record: string | null | undefined,
): boolean {
  const known = (profile ?? []).map(postcodeKey).filter((key) => key !== '');
  if (record == null || known.length === 0) return true;
  return known.includes(postcodeKey(record));
}

/** Whether two family names are one (a lookup by family name, as a credit agency's). */
export function familyNamesMatch(profile: string, record: string): boolean {
  return familyMatches(profile, record);
}

/**
 * The one entry point: is the person a check's record names the claimed identity? The birth
 * date is compared when the record has one (a holder name often comes without), the address
 * when the record carries one.
 */
export function matchIdentity(core: CoreIdentity, record: RecordPerson): IdentityMatch {
  if (core.names.length === 0) return { matches: false, reason: 'no_identity' };
  const nameMatches = core.names.some((name) =>
    record.kind === 'document'
      ? documentNameMatches(name, record.name)
      : holderNameMatches(name, record.holderName),
  );
  if (!nameMatches) return { matches: false, reason: 'name' };
  const recordDate = record.birthDate;
  if (record.kind === 'document' || recordDate != null) {
    if (!birthDatesMatch(core.birthDate, recordDate))
      return { matches: false, reason: 'birthdate' };
  }
  if (record.kind === 'document' && !addressMatches(core.postcodes, record.postcode))
    return { matches: false, reason: 'address' };
  return { matches: true };
}
