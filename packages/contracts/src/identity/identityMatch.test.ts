import { describe, expect, it } from 'vitest';
import {
  birthDatesMatch,
  documentNameMatches,
  holderNameMatches,
  matchIdentity,
  spellings,
  type CoreIdentity,
} from './identityMatch.js';

const name = (givenNames: string, familyName: string) => ({ givenNames, familyName });

describe('document names (passport, licence, credit file): every name in full', () => {
  it.each([
    // profile, record, matches
    [name('Ada', 'Lovelace'), name('ADA', 'LOVELACE'), true],
    [name('  ada ', ' lovelace'), name('Ada', 'Lovelace'), true],
    [name('Ada', 'Lovelace'), name('ANNA', 'SMITH'), false],
    [name('Ada', 'Lovelace'), name('ADA', 'SMITH'), false],
    [name('Ada', 'Lovelace'), name('ANNA', 'LOVELACE'), false],
    // Initials never match a document's name.
    [name('Ada', 'Lovelace'), name('A', 'LOVELACE'), false],
    [name('Ada Augusta', 'Lovelace'), name('ADA A', 'LOVELACE'), false],
    // Every given name, in order.
    [name('Ada Augusta', 'Lovelace'), name('ADA AUGUSTA', 'LOVELACE'), true],
    [name('Ada Augusta', 'Lovelace'), name('AUGUSTA ADA', 'LOVELACE'), false],
    [name('Ada', 'Lovelace'), name('ADA AUGUSTA', 'LOVELACE'), false],
    [name('Ada Augusta', 'Lovelace'), name('ADA', 'LOVELACE'), false],
    // Titles and suffixes are not names.
    [name('Dr Ada', 'Lovelace'), name('ADA', 'LOVELACE'), true],
    [name('Ada', 'Lovelace Jr'), name('ADA', 'LOVELACE'), true],
    // Hyphens and apostrophes.
    [name('Siobhan', "O'Brien"), name('SIOBHAN', 'OBRIEN'), true],
    [name('Siobhan', 'O’Brien'), name('SIOBHAN', "O'BRIEN"), true],
    [name('Siobhan', 'O Brien'), name('SIOBHAN', "O'BRIEN"), true],
    [name('Anna', 'Smith-Jones'), name('ANNA', 'SMITH JONES'), true],
    [name('Anna', 'Smith-Jones'), name('ANNA', 'SMITH'), false],
    [name('Anna-Maria', 'Smith'), name('ANNA MARIA', 'SMITH'), true],
    // Diacritics and ICAO 9303 transliteration.
    [name('Zoë', 'Brontë'), name('ZOE', 'BRONTE'), true],
    [name('José', 'Núñez'), name('JOSE', 'NUNEZ'), true],
    [name('Jürgen', 'Müller'), name('JURGEN', 'MULLER'), true],
    [name('Jürgen', 'Müller'), name('JUERGEN', 'MUELLER'), true],
    [name('Jurgen', 'Mueller'), name('JURGEN', 'MULLER'), false],
    [name('Heinz', 'Straße'), name('HEINZ', 'STRASSE'), true],
    [name('Heinz', 'Straße'), name('HEINZ', 'STRABE'), false],
    [name('Søren', 'Kierkegaard'), name('SOREN', 'KIERKEGAARD'), true],
    [name('Søren', 'Kierkegaard'), name('SOEREN', 'KIERKEGAARD'), true],
    [name('Ægir', 'Håkonsen'), name('AEGIR', 'HAAKONSEN'), true],
    [name('Lech', 'Wałęsa'), name('LECH', 'WALESA'), true],
    [name('Ada', 'Lovelace'), name('ΑΔΑ', 'LOVELACE'), false],
    [name('', 'Lovelace'), name('', 'LOVELACE'), false],
  ])('%j against %j: %s', (profile, record, matches) => {
    expect(documentNameMatches(profile, record)).toBe(matches);
  });
});

describe('holder names (card, bank, mobile contract)', () => {
  const ada = name('Ada Augusta', 'Lovelace');
  it.each([
    ['ADA LOVELACE', true],
    ['Mrs Ada Lovelace', true],
    ['LOVELACE ADA', true],
    ['LOVELACE, ADA', true],
    ['ADA A LOVELACE', true],
    ['ADA AUGUSTA LOVELACE', true],
    ['MS ADA AUGUSTA LOVELACE PHD', true],
    // The first given name in full: an initial is anyone's.
    ['A LOVELACE', false],
    ['MR A A LOVELACE', false],
    ['ADA SMITH', false],
    ['ANNA SMITH', false],
    // A word of nobody's name is another person's name.
    ['ADA BYRON LOVELACE', false],
    ['LOVELACE', false],
    // Joint accounts: one holder is enough.
    ['Mr C Babbage & Mrs Ada Lovelace', true],
    ['CHARLES BABBAGE, ADA LOVELACE', true],
    ['Mr & Mrs Lovelace', false],
    ['', false],
  ])('%j: %s', (holder, matches) => {
    expect(holderNameMatches(ada, holder)).toBe(matches);
  });

  it('runs a family name together as a card embosses it', () => {
    expect(holderNameMatches(name('Siobhan', "O'Brien"), "SIOBHAN O'BRIEN")).toBe(true);
    expect(holderNameMatches(name('Siobhan', "O'Brien"), 'SIOBHAN OBRIEN')).toBe(true);
    expect(holderNameMatches(name('Siobhan', "O'Brien"), 'SIOBHAN O BRIEN')).toBe(true);
    expect(holderNameMatches(name('Jürgen', 'Müller'), 'JUERGEN MUELLER')).toBe(true);
  });
});

describe('Cyrillic names against the MRZ (ICAO 9303 part 3, Cyrillic table)', () => {
  it.each([
    // profile in Cyrillic, the passport's Latin name, matches
    [name('Анна', 'Смирнова'), name('ANNA', 'SMIRNOVA'), true],
    [name('Юлия', 'Щербакова'), name('IULIIA', 'SHCHERBAKOVA'), true],
    [name('Дмитрий', 'Хрущёв'), name('DMITRII', 'KHRUSHCHEV'), true],
    [name('Наталья', 'Воронцова'), name('NATALIA', 'VORONTSOVA'), true],
    [name('Фёдор', 'Достоевский'), name('FEDOR', 'DOSTOEVSKII'), true],
    [name('Эльвира', 'Подъячева'), name('ELVIRA', 'PODIEIACHEVA'), true],
    [name('Жанна', 'Цыганова'), name('ZHANNA', 'TSYGANOVA'), true],
    [name('Яков', 'Чайковский'), name('IAKOV', 'CHAIKOVSKII'), true],
    // Ukrainian, Belarusian, Serbian and Macedonian letters of the table.
    [name('Олексій', 'Ковальчук'), name('OLEKSII', 'KOVALCHUK'), true],
    [name('Євгенія', 'Ґудзь'), name('IEVGENIIA', 'GUDZ'), true],
    [name('Ўладзімір', 'Їжак'), name('ULADZIMIR', 'IZHAK'), true],
    [name('Ђорђе', 'Јовановић'), name('DORDE', 'JOVANOVIC'), true],
    [name('Љубица', 'Њежић'), name('LJUBITSA', 'NJEZHIC'), true],
    [name('Ѓорѓи', 'Џеков'), name('GORGI', 'DZEKOV'), true],
    [name('Ќирил', 'Ѕвездов'), name('KIRIL', 'DZVEZDOV'), true],
    // Both sides in Cyrillic; a Latin profile against a Cyrillic record (a credit file).
    [name('Анна', 'Смирнова'), name('АННА', 'СМИРНОВА'), true],
    [name('Anna', 'Smirnova'), name('Анна', 'Смирнова'), true],
    // Only ICAO's spellings: other romanisations are another name.
    [name('Юлия', 'Щербакова'), name('YULIYA', 'SHCHERBAKOVA'), false],
    [name('Дмитрий', 'Хрущёв'), name('DMITRIY', 'KHRUSHCHEV'), false],
    [name('Анна', 'Смирнова'), name('ANNA', 'SMIRNOV'), false],
    [name('Анна', 'Смирнова'), name('ANNA', 'SMITH'), false],
  ])('%j against %j: %s', (profile, record, matches) => {
    expect(documentNameMatches(profile, record)).toBe(matches);
  });

  it('matches a Cyrillic profile with a passport through the one entry point', () => {
    expect(
      matchIdentity(
        { names: [name('Юлия', 'Щербакова')], birthDate: '1990-03-04' },
        { kind: 'document', name: name('IULIIA', 'SHCHERBAKOVA'), birthDate: '1990-03-04' },
      ),
    ).toEqual({ matches: true });
    expect(holderNameMatches(name('Юлия', 'Щербакова'), 'MRS IULIIA SHCHERBAKOVA')).toBe(true);
  });
});

describe('spellings (ICAO 9303 part 3)', () => {
  it.each([
    ['muller', ['muller']],
    ['müller', ['muller', 'mueller']],
    ['straße', ['strasse']],
    ['ærø', ['aero', 'aeroe']],
    ['ñ', ['n']],
    ['щука', ['shchuka']],
    ['ольга', ['olga']],
    ['объект', ['obieekt']],
  ])('%s: %j', (word, expected) => {
    expect(spellings(word).sort()).toEqual([...expected].sort());
  });
});

describe('birth dates are exact', () => {
  it.each([
    ['1985-12-10', '1985-12-10', true],
    ['1985-12-10', '1985-10-12', false],
    ['1985-12-10', '1985-02-17', false],
    ['1985-12-10', null, false],
    [null, '1985-12-10', false],
    ['10/12/1985', '10/12/1985', false],
  ])('%s and %s: %s', (profile, record, matches) => {
    expect(birthDatesMatch(profile, record)).toBe(matches);
  });
});

describe('matchIdentity: the one entry point', () => {
  const core: CoreIdentity = {
    names: [name('Ada', 'Lovelace'), name('Ada', 'Byron')],
    birthDate: '1985-12-10',
  };
  it.each([
    [
      { kind: 'document', name: name('ADA', 'LOVELACE'), birthDate: '1985-12-10' },
      { matches: true },
    ],
    // An earlier name of the profile counts.
    [{ kind: 'document', name: name('ADA', 'BYRON'), birthDate: '1985-12-10' }, { matches: true }],
    [
      { kind: 'document', name: name('ANNA', 'SMITH'), birthDate: '1985-02-17' },
      { matches: false, reason: 'name' },
    ],
    [
      { kind: 'document', name: name('ADA', 'LOVELACE'), birthDate: '1985-02-17' },
      { matches: false, reason: 'birthdate' },
    ],
    [
      { kind: 'document', name: name('ADA', 'LOVELACE'), birthDate: null },
      { matches: false, reason: 'birthdate' },
    ],
    [{ kind: 'holder', holderName: 'MRS ADA LOVELACE' }, { matches: true }],
    [
      { kind: 'holder', holderName: 'ANNA SMITH' },
      { matches: false, reason: 'name' },
    ],
    [
      { kind: 'holder', holderName: 'ADA LOVELACE', birthDate: '1985-02-17' },
      { matches: false, reason: 'birthdate' },
    ],
  ] as const)('%j: %j', (record, expected) => {
    expect(matchIdentity(core, record)).toEqual(expected);
  });

  it.each([
    // A credit file's address must be one of the profile's addresses (case, spaces free).
    [['SW1A 1AA'], 'SW1A 1AA', { matches: true }],
    [['sw1a1aa'], 'SW1A 1AA', { matches: true }],
    // An earlier address of the profile counts (people move; the file may be behind).
    [['M1 1AE', 'SW1A 1AA'], 'SW1A 1AA', { matches: true }],
    [['CR2 6XH'], 'SW1A 1AA', { matches: false, reason: 'address' }],
    // A profile without an address is not compared on it; a record without one neither.
    [[], 'SW1A 1AA', { matches: true }],
    [undefined, 'SW1A 1AA', { matches: true }],
    [['CR2 6XH'], null, { matches: true }],
  ] as const)('profile postcodes %j, the record at %j: %j', (postcodes, postcode, expected) => {
    expect(
      matchIdentity(
        { ...core, postcodes },
        { kind: 'document', name: name('ADA', 'LOVELACE'), birthDate: '1985-12-10', postcode },
      ),
    ).toEqual(expected);
  });

  it('compares the name and birth date before the address', () => {
    expect(
      matchIdentity(
        { ...core, postcodes: ['CR2 6XH'] },
        {
          kind: 'document',
          name: name('ANNA', 'LOVELACE'),
          birthDate: '1985-12-10',
          postcode: 'X',
        },
      ),
    ).toEqual({ matches: false, reason: 'name' });
  });

  it('matches nothing without a claimed identity', () => {
    expect(
      matchIdentity({ names: [], birthDate: null }, { kind: 'holder', holderName: 'ADA LOVELACE' }),
    ).toEqual({ matches: false, reason: 'no_identity' });
  });

  it('needs a birth date in the profile to match a document', () => {
    expect(
      matchIdentity(
        { names: [name('Ada', 'Lovelace')], birthDate: null },
        { kind: 'document', name: name('ADA', 'LOVELACE'), birthDate: '1985-12-10' },
      ),
    ).toEqual({ matches: false, reason: 'birthdate' });
  });
});
