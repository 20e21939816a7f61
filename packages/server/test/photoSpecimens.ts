/**
 * Specimen document photos for the photo-ID tests, drawn here with sharp (text through its
 * bundled Pango and FreeType): a passport data page with a machine-readable zone computed from
 * the person (real ICAO 9303 check digits, or one broken on purpose) and a UK photocard driving
 * licence; plus what a camera does to a picture (EXIF rotation, blur, glare, JPEG).
 *
 * The fonts are Roboto Mono (Apache 2.0 / OFL, from the @expo-google-fonts/roboto-mono
 * devDependency), loaded from its TTF files, so the drawing is the same on every machine,
 * whatever fonts the system has. The MRZ's real face is OCR-B; Roboto Mono stands in for it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { licenceBirthCodes, licenceSurnameCode } from '@verity/contracts';

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/roboto-mono/package.json'));
const fonts = {
  regular: path.join(fontDir, '400Regular/RobotoMono_400Regular.ttf'),
  bold: path.join(fontDir, '700Bold/RobotoMono_700Bold.ttf'),
  mrz: path.join(fontDir, '500Medium/RobotoMono_500Medium.ttf'),
};
const families = { regular: 'Roboto Mono', bold: 'Roboto Mono Bold', mrz: 'Roboto Mono Medium' };

export interface SpecimenPerson {
  surname: string;
  givenNames: string;
  /** ISO dates. */
  birthDate: string;
  expiryDate: string;
  issueDate?: string;
  /** Passport number (9 characters) or, for the licence, left to be derived. */
  number: string;
  sex: 'M' | 'F';
}

export const specimenPerson: SpecimenPerson = {
  surname: 'SMITH',
  givenNames: 'ANNA MARIA',
  birthDate: '1985-03-14',
  expiryDate: '2031-06-30',
  issueDate: '2021-06-30',
  number: '123456784',
  sex: 'F',
};

interface Text {
  text: string;
  left: number;
  top: number;
  /** Height of a capital in pixels (about). */
  size: number;
  face?: keyof typeof fonts;
  colour?: string;
  width?: number;
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Pango markup for one line; sizes are points at 72 dpi, about 1.37 cap heights. */
async function renderText(
  text: string,
  size: number,
  face: keyof typeof fonts,
  colour: string,
  spacing = 0,
) {
  return sharp({
    text: {
      text: `<span foreground="${colour}" letter_spacing="${Math.round(spacing * 1024)}">${escape(text)}</span>`,
      font: `${families[face]} ${Math.round(size * 1.37)}`,
      fontfile: fonts[face],
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** One line of text as a transparent overlay; `width` spreads the letters to that width. */
async function textLayer({
  text,
  left,
  top,
  size,
  face = 'regular',
  colour = '#1d1d1b',
  width,
}: Text) {
  const natural = await renderText(text, size, face, colour);
  const spacing = width ? (width - natural.info.width) / text.length : 0;
  const { data } = width ? await renderText(text, size, face, colour, spacing) : natural;
  return { input: data, left: Math.round(left), top: Math.round(top) };
}

/** A portrait scaled into its box, or a grey head-and-shoulders silhouette. */
async function portraitLayer(
  portrait: Buffer | undefined,
  box: { left: number; top: number; width: number; height: number },
) {
  const { width, height } = box;
  const input = portrait
    ? await sharp(portrait).resize(width, height, { fit: 'cover' }).greyscale().png().toBuffer()
    : Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
          <rect width="100%" height="100%" fill="#d9d9d6"/>
          <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.22}" fill="#8c8c88"/>
          <ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.42}" ry="${height * 0.36}" fill="#8c8c88"/>
        </svg>`,
      );
  return { input, left: box.left, top: box.top };
}

/** A pale tinted page with fine wavy lines, as security printing looks to a camera. */
function background(width: number, height: number, tint: string, line: string): Buffer {
  const waves = Array.from({ length: Math.ceil(height / 14) }, (_, i) => {
    const y = i * 14;
    return `<path d="M0 ${y} Q ${width / 4} ${y + 10} ${width / 2} ${y} T ${width} ${y}" stroke="${line}" stroke-width="1" fill="none"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="${tint}"/>${waves}</svg>`,
  );
}

// ICAO 9303 part 3: check digits with weights 7, 3, 1; '<' counts 0, letters A=10 .. Z=35.
function checkDigit(value: string): string {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charAt(i);
    const n = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += n * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, '');
const filler = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '<');

/**
 * The two TD3 lines of 44 characters for a British passport. `breakCheckDigit` makes the
 * birth date's check digit wrong (the rest, including the composite, stays as computed).
 */
export function passportMrz(person: SpecimenPerson, breakCheckDigit = false): [string, string] {
  const name = `${filler(person.surname)}<<${filler(person.givenNames)}`;
  const line1 = `P<GBR${name}`.padEnd(44, '<').slice(0, 44);
  const number = person.number.padEnd(9, '<');
  const birth = yymmdd(person.birthDate);
  const expiry = yymmdd(person.expiryDate);
  const personal = '<'.repeat(14);
  const birthCheck = checkDigit(birth);
  const parts = {
    number: number + checkDigit(number),
    birth: birth + (breakCheckDigit ? String((Number(birthCheck) + 1) % 10) : birthCheck),
    expiry: expiry + checkDigit(expiry),
    personal: personal + checkDigit(personal),
  };
  const composite = checkDigit(parts.number + birth + birthCheck + parts.expiry + parts.personal);
  const line2 = `${parts.number}GBR${parts.birth}${person.sex}${parts.expiry}${parts.personal}${composite}`;
  return [line1, line2];
}

const printed = (iso: string) => {
  const [y, m, d] = iso.split('-');
  const month = [
    'JAN',
    'FEB',
    'MAR',
    'APR',
    'MAY',
    'JUN',
    'JUL',
    'AUG',
    'SEP',
    'OCT',
    'NOV',
    'DEC',
  ];
  return `${d} ${month[Number(m) - 1]} ${y}`;
};

export interface PassportOptions {
  person?: SpecimenPerson;
  portrait?: Buffer;
  /** The birth date's check digit is wrong. */
  breakCheckDigit?: boolean;
  /** Width of the data page in pixels (the page is 125 × 88 mm); default 1000. */
  width?: number;
}

/**
 * A passport data page (PNG): header, portrait, labelled fields, and the MRZ at ICAO's size
 * (44 characters over about 112 mm, in the bottom 23 mm), on a dark table margin.
 */
export async function renderPassportPage(options: PassportOptions = {}): Promise<Buffer> {
  const person = options.person ?? specimenPerson;
  const width = options.width ?? 1000;
  const mm = width / 125;
  const height = Math.round(88 * mm);
  const margin = Math.round(4 * mm);
  const [line1, line2] = passportMrz(person, options.breakCheckDigit);
  const label = (text: string, x: number, y: number) =>
    textLayer({ text, left: x * mm, top: y * mm, size: 1.3 * mm, colour: '#4b4b7a' });
  const value = (text: string, x: number, y: number) =>
    textLayer({ text, left: x * mm, top: y * mm + 2.2 * mm, size: 2 * mm, face: 'bold' });
  const field = async (name: string, text: string, x: number, y: number) => [
    await label(name, x, y),
    await value(text, x, y),
  ];
  const layers = [
    await textLayer({
      text: 'UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND',
      left: 6 * mm,
      top: 3 * mm,
      size: 2 * mm,
      face: 'bold',
      colour: '#7a1f3d',
    }),
    await portraitLayer(options.portrait, {
      left: Math.round(6 * mm),
      top: Math.round(10 * mm),
      width: Math.round(35 * mm),
      height: Math.round(45 * mm),
    }),
    ...(await field('Type/Type  Code/Code', 'P    GBR', 46, 9)),
    ...(await field('Passport No./Passeport No.', person.number, 88, 9)),
    ...(await field('Surname/Nom (1)', person.surname.toUpperCase(), 46, 15)),
    ...(await field('Given names/Prénoms (2)', person.givenNames.toUpperCase(), 46, 21)),
    ...(await field('Nationality/Nationalité (3)', 'BRITISH CITIZEN', 46, 27)),
    ...(await field('Date of birth/Date de naissance (4)', printed(person.birthDate), 46, 33)),
    ...(await field('Sex/Sexe (5)', person.sex, 46, 39)),
    ...(await field('Place of birth/Lieu de naissance (6)', 'LONDON', 66, 39)),
    ...(await field(
      'Date of issue/Date de délivrance (7)',
      printed(person.issueDate ?? person.expiryDate),
      46,
      45,
    )),
    ...(await field('Date of expiry/Date d’expiration (9)', printed(person.expiryDate), 46, 51)),
    ...(await field('Authority/Autorité (8)', 'HMPO', 96, 45)),
    // OCR-B's capitals are about 2.4 mm high with a pitch of 2.54 mm; lines 4.2 mm apart.
    ...(await Promise.all(
      [line1, line2].map((text, i) =>
        textLayer({
          text,
          left: 6 * mm,
          top: (70.5 + 6.5 * i) * mm,
          size: 2.4 * mm,
          face: 'mrz',
          width: 44 * 2.54 * mm,
        }),
      ),
    )),
  ];
  const page = await sharp(background(width, height, '#f3ecef', '#e3d6dd'))
    .composite(layers)
    .png()
    .toBuffer();
  return sharp(page)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#3a3f45' })
    .png()
    .toBuffer();
}

/** The DVLA driver number for a person: surname, birth (women's month + 50), initials, 9, AB. */
export function driverNumber(person: SpecimenPerson): string {
  const [male, female] = licenceBirthCodes(person.birthDate);
  const initials = person.givenNames
    .toUpperCase()
    .split(/\s+/)
    .map((name) => name.charAt(0))
    .join('')
    .slice(0, 2)
    .padEnd(2, '9');
  return `${licenceSurnameCode(person.surname)}${person.sex === 'F' ? female : male}${initials}9AB`;
}

export interface LicenceOptions {
  person?: SpecimenPerson;
  portrait?: Buffer;
  /** Field 5 as printed; by default the one that agrees with the person. */
  number?: string;
  /** Width of the card in pixels (the card is 85.6 × 54 mm); default 1000. */
  width?: number;
}

const dotted = (iso: string) => iso.split('-').reverse().join('.');

/** A UK photocard driving licence's front (PNG): fields 1 to 5, 8 and 9 and a portrait. */
export async function renderLicenceCard(options: LicenceOptions = {}): Promise<Buffer> {
  const person = options.person ?? specimenPerson;
  const width = options.width ?? 1000;
  const mm = width / 85.6;
  const height = Math.round(54 * mm);
  const margin = Math.round(4 * mm);
  const line = (text: string, y: number, size = 2.1, face: keyof typeof fonts = 'bold') =>
    textLayer({ text, left: 31 * mm, top: y * mm, size: size * mm, face });
  const layers = [
    await textLayer({
      text: 'DRIVING LICENCE',
      left: 22 * mm,
      top: 2.5 * mm,
      size: 3.2 * mm,
      face: 'bold',
      colour: '#1f3f7a',
    }),
    await textLayer({
      text: 'UK',
      left: 4 * mm,
      top: 3 * mm,
      size: 3.2 * mm,
      face: 'bold',
      colour: '#1f3f7a',
    }),
    await portraitLayer(options.portrait, {
      left: Math.round(3.5 * mm),
      top: Math.round(11 * mm),
      width: Math.round(24 * mm),
      height: Math.round(31 * mm),
    }),
    await line(`1. ${person.surname.toUpperCase()}`, 10),
    await line(`2. ${person.givenNames.toUpperCase()}`, 14.5),
    await line(`3. ${dotted(person.birthDate)} UNITED KINGDOM`, 19),
    await line(`4a. ${dotted(person.issueDate ?? person.birthDate)}  4c. DVLA`, 23.5),
    await line(`4b. ${dotted(person.expiryDate)}`, 28),
    await line(`5. ${options.number ?? driverNumber(person)}  01`, 32.5),
    await line('8. 1 HIGH STREET, LONDON, SW1A 1AA', 38, 1.9, 'regular'),
    await line('9. AM/A/B1/B/f/k/l/p/q', 43, 1.9, 'regular'),
  ];
  const card = await sharp(background(width, height, '#eaf0f5', '#d4e0ea'))
    .composite(layers)
    .png()
    .toBuffer();
  return sharp(card)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#3a3f45' })
    .png()
    .toBuffer();
}

/**
 * A JPEG whose pixels are stored turned so that the EXIF orientation tag (1-8) makes it upright
 * again, as a phone writes it: a viewer that honours the tag shows the original.
 */
export async function withExifOrientation(png: Buffer, orientation: number): Promise<Buffer> {
  // The stored pixels are the inverse of what the tag's transform does.
  const stored: Record<number, (image: Sharp) => Sharp> = {
    1: (image) => image,
    2: (image) => image.flop(),
    3: (image) => image.rotate(180),
    4: (image) => image.flip(),
    5: (image) => image.rotate(-90).flop(),
    6: (image) => image.rotate(-90),
    7: (image) => image.rotate(90).flop(),
    8: (image) => image.rotate(90),
  };
  const turn = stored[orientation];
  if (!turn) throw new Error(`EXIF orientation is 1 to 8, not ${orientation}`);
  const pixels = await turn(sharp(png)).png().toBuffer();
  return sharp(pixels).jpeg({ quality: 90 }).withMetadata({ orientation }).toBuffer();
}

/** Out of focus: a Gaussian blur of a few pixels. */
export async function blurred(image: Buffer, sigma = 4): Promise<Buffer> {
  return sharp(image).blur(sigma).png().toBuffer();
}

/** A lamp's reflection: a large blown-out white patch over part of the picture. */
export async function withGlare(image: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const glare = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><radialGradient id="g"><stop offset="0.6" stop-color="#fff" stop-opacity="1"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
      <ellipse cx="${width * 0.55}" cy="${height * 0.45}" rx="${width * 0.3}" ry="${height * 0.3}" fill="url(#g)"/>
    </svg>`,
  );
  return sharp(image)
    .composite([{ input: glare }])
    .png()
    .toBuffer();
}

/** The same picture as a JPEG, as a camera saves it. */
export async function asJpeg(image: Buffer, quality = 85): Promise<Buffer> {
  return sharp(image).jpeg({ quality }).toBuffer();
}
