/**
 * What OCR reads for what, for fields whose positions say letter or digit (a passport's MRZ,
 * a licence's driver number): a digit read where a letter must be, and a letter read where a
 * digit must be, each swapped for the character it most often is.
 */
export const asLetter: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};
export const asDigit: Readonly<Record<string, string>> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  B: '8',
};
