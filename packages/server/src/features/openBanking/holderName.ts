const titles = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'master',
  'dr',
  'doctor',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'revd',
  'reverend',
  'fr',
  'capt',
  'major',
  'col',
  'hon',
  'jr',
  'jnr',
  'junior',
  'sr',
  'snr',
  'senior',
  'ii',
  'iii',
  'iv',
  'phd',
  'esq',
  'obe',
  'mbe',
  'cbe',
]);

/** Lower case, accents and punctuation gone, titles and suffixes dropped: the name's words. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z\s]+/g, ' ')
    .split(/\s+/)
    .filter((token) => token !== '' && !titles.has(token));
}

/**
 * How closely an account holder name from a bank agrees with the profile's names, 0 to 100:
 * only the grade of a bank check's verification score. Whether the holder is the claimed
 * identity at all is decided by the one matcher every check shares (contracts' identityMatch,
 * through settleCheck), never by this score.
 * Word order does not matter (banks write 'LOVELACE A' as often as 'Ada Lovelace'); every
 * word of the family name must be there; the first given name may be an initial (85) or
 * missing (50); each word of the bank's that is in neither name costs 10. A joint account
 * ('Mr A Lovelace & Mrs B Byron') scores its best holder.
 */
export function holderNameScore(
  bankHolder: string,
  profile: { givenNames: string; familyName: string },
): number {
  return Math.max(
    0,
    ...accountHolders(bankHolder).map((holder) => scoreOne(nameTokens(holder), profile)),
  );
}

/** Words that join the holders of a joint account in a bank's holder name. */
const HOLDER_JOIN = /\s*(?:&|\+|\band\b|\/)\s*/i;

/**
 * The holders a bank's holder name lists ('Mr A Lovelace & Mrs B Byron': two). A comma
 * separates holders only between full names: 'LOVELACE, ADA' is one name, family name first.
 */
export function accountHolders(bankHolder: string): string[] {
  return bankHolder
    .split(HOLDER_JOIN)
    .flatMap((part) => {
      const names = part.split(/\s*,\s*/);
      return names.every((name) => nameTokens(name).length >= 2) ? names : [part];
    })
    .filter((holder) => nameTokens(holder).length > 0);
}

/**
 * A profile name from a bank's holder name, given names first then the family name, or null
 * when it is not one full name: a lone word, or several holders (whose name would it be?).
 */
export function profileNameOf(
  bankHolder: string,
): { givenNames: string; familyName: string } | null {
  if (namesSeveralHolders(bankHolder)) return null;
  const words = bankHolder
    .trim()
    .split(/\s+/)
    .filter((word) => nameTokens(word).length > 0);
  if (words.length < 2) return null;
  return { givenNames: words.slice(0, -1).join(' '), familyName: words.at(-1)! };
}

/** Whether a bank's holder name is that of a joint account ('Mr & Mrs Lovelace' too). */
export function namesSeveralHolders(bankHolder: string): boolean {
  const parts = bankHolder.split(HOLDER_JOIN).filter((part) => part.trim() !== '');
  return parts.length > 1 || accountHolders(bankHolder).length > 1;
}

function scoreOne(bank: string[], profile: { givenNames: string; familyName: string }): number {
  const family = nameTokens(profile.familyName);
  const given = nameTokens(profile.givenNames);
  if (bank.length === 0 || family.length === 0 || given.length === 0) return 0;
  const unused = [...bank];
  const take = (word: string): boolean => {
    const index = unused.indexOf(word);
    if (index >= 0) unused.splice(index, 1);
    return index >= 0;
  };
  if (!family.every(take)) return 0;

  const [first, ...middle] = given as [string, ...string[]];
  let score = take(first) ? 100 : take(first[0]!) ? 85 : 50;
  // Middle names may be given in full, as initials, or left out.
  for (const name of middle) if (!take(name)) take(name[0]!);
  // Initials run together ('AB Lovelace') count as one initial per given name.
  for (const word of [...unused]) {
    if (
      word.length > 1 &&
      word.length <= given.length &&
      [...word].every((c, i) => given[i]?.[0] === c)
    ) {
      unused.splice(unused.indexOf(word), 1);
      if (score === 50) score = 85;
    }
  }
  return Math.max(0, score - 10 * unused.length);
}
