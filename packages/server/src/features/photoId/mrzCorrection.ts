/**
 * Corrects a passport MRZ (ICAO 9303 TD3: two lines of 44) as OCR reads it, before parsing.
 *
 * 1. Length: OCR drops or doubles filler '<' in long runs. Line 1 ends in filler, so it is cut
 *    or padded there; line 2's optional-data field is mostly filler, so its longest '<' run is
 *    stretched or shrunk to make 44.
 * 2. Position: ICAO fixes which positions hold digits and which letters, so a digit read where
 *    a letter must be (0 in a name) or a letter where a digit must be (O, I, B, S in a date) is
 *    swapped for its look-alike; after the names, anything left is filler (a '<' read as K).
 * 3. Check digits: where a field's check digit still fails, one character of the field (or
 *    the check digit) is swapped for a look-alike, and the change is kept only when it is the
 *    one swap that makes the field's check and the composite check hold.
 *
 * Names carry no check digit in TD3: they are corrected by position only.
 */

import { asDigit, asLetter } from './ocrLookAlikes.js';

/** ICAO 9303 part 3, 4.9: weights 7, 3, 1; '<' counts 0, A-Z count 10-35. */
export function checkDigit(value: string): string {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const n = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += n * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

/** What each character may be (`l` letter or filler, `d` digit, `x` either, `s` sex, `c` digit or filler). */
const line2Pattern = 'xxxxxxxxxdlllddddddds' + 'ddddddd' + 'xxxxxxxxxxxxxx' + 'cd';

function byPosition(line: string, pattern: (i: number) => string): string {
  return [...line]
    .map((c, i) => {
      const kind = pattern(i);
      if (kind === 'l') return asLetter[c] ?? c;
      if (kind === 'd') return asDigit[c] ?? c;
      if (kind === 'c') return c === '<' ? c : (asDigit[c] ?? c);
      return c;
    })
    .join('');
}

/** Line 1 to 44: the name's filler absorbs what OCR added or lost. */
function fitLine1(line: string): string {
  if (line.length >= 44) return line.slice(0, 44);
  return line.padEnd(44, '<');
}

/** Line 2 to 44: its longest run of filler after the dates absorbs the difference. */
function fitLine2(line: string): string {
  if (line.length === 44) return line;
  let best = { start: -1, length: 0 };
  for (const match of line.matchAll(/<+/g)) {
    if (match.index >= 28 - 3 && match[0].length > best.length) {
      best = { start: match.index, length: match[0].length };
    }
  }
  if (best.start < 0) return line;
  const length = Math.max(0, best.length + 44 - line.length);
  return line.slice(0, best.start) + '<'.repeat(length) + line.slice(best.start + best.length);
}

/** After the last name part of two or more letters, everything is filler. */
function cleanNameFiller(line1: string): string {
  const name = line1.slice(5);
  const lastPart = [...name.matchAll(/[A-Z]{2,}/g)].pop();
  const end = lastPart ? lastPart.index + lastPart[0].length : 0;
  return line1.slice(0, 5) + name.slice(0, end) + '<'.repeat(name.length - end);
}

/**
 * Characters OCR confuses, in two tiers tried in turn: a letter for its look-alike digit and
 * back (the commonest misreading, and the one the position rules cannot settle inside the
 * alphanumeric fields), then a digit for a similar digit.
 */
const lookAlikes: Array<Record<string, string>> = [
  {
    '0': 'ODQ',
    '1': 'IL',
    '2': 'Z',
    '4': 'A',
    '5': 'S',
    '6': 'G',
    '8': 'B',
    O: '0',
    D: '0',
    Q: '0',
    I: '1',
    L: '1',
    Z: '2',
    S: '5',
    G: '6',
    B: '8',
    A: '4',
    T: '1',
  },
  { '0': '86', '1': '7', '2': '7', '3': '8', '5': '6', '6': '58', '7': '1', '8': '0369', '9': '8' },
];

/** The checked fields of line 2: value range and the position of its check digit. */
const fields = [
  { start: 0, end: 9, check: 9, date: false },
  { start: 13, end: 19, check: 19, date: true },
  { start: 21, end: 27, check: 27, date: true },
  { start: 28, end: 42, check: 42, date: false },
];
type Field = (typeof fields)[number];

const validYymmdd = (value: string) => {
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  return /^\d{6}$/.test(value) && month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

const fieldHolds = (line: string, f: Field) => {
  const digit = line.charAt(f.check);
  const value = line.slice(f.start, f.end);
  if (f.date && !validYymmdd(value)) return false;
  // An empty optional-data field may have '<' as its check digit.
  if (digit === '<') return f.start === 28 && /^<+$/.test(value);
  return checkDigit(value) === digit;
};

const compositeHolds = (line: string) =>
  checkDigit(line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43)) === line.charAt(43);

/** Every check digit of a TD3 line 2 holds (and its dates are dates). */
export function td3ChecksHold(line2: string): boolean {
  return line2.length === 44 && fields.every((f) => fieldHolds(line2, f)) && compositeHolds(line2);
}

/**
 * The one swap of a look-alike at `positions` that makes `holds` true, tier by tier; null when
 * there is none, or when several do (the composite check, where it adds anything, decides).
 * For the document number it adds nothing: its weights are the composite's.
 */
function oneSwap(
  line: string,
  positions: number[],
  holds: (l: string) => boolean,
  digitsOnly = false,
): string | null {
  for (const tier of lookAlikes) {
    const found: string[] = [];
    for (const i of positions) {
      for (const alternative of tier[line.charAt(i)] ?? '') {
        if (digitsOnly && !/\d/.test(alternative)) continue;
        const candidate = line.slice(0, i) + alternative + line.slice(i + 1);
        if (holds(candidate)) found.push(candidate);
      }
    }
    const agreed = found.length > 1 ? found.filter(compositeHolds) : found;
    if (agreed.length === 1) return agreed[0]!;
    if (found.length) return null;
  }
  return null;
}

const range = (start: number, end: number) =>
  Array.from({ length: end - start }, (_, i) => start + i);

function byCheckDigits(line2: string): string {
  let line = line2;
  for (const f of fields) {
    if (fieldHolds(line, f)) continue;
    const positions = [...range(f.start, f.end), f.check];
    line = oneSwap(line, positions, (l) => fieldHolds(l, f), f.date) ?? line;
  }
  // The composite's own digit is corrected only once the fields it covers hold.
  const fieldsHold = fields.every((f) => fieldHolds(line, f));
  if (fieldsHold && !compositeHolds(line)) line = oneSwap(line, [43], compositeHolds, true) ?? line;
  return line;
}

/** The two lines as corrected; check with `td3ChecksHold` whether they now hold. */
export function correctTd3(line1: string, line2: string): [string, string] {
  const clean = (line: string) => line.toUpperCase().replace(/[^A-Z0-9<]/g, '');
  const first = cleanNameFiller(byPosition(fitLine1(clean(line1)), () => 'l'));
  const second = byPosition(fitLine2(clean(line2)), (i) => line2Pattern.charAt(i) || 'x');
  return [first, byCheckDigits(second)];
}
