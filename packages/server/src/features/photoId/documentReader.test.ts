import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asJpeg,
  renderLicenceCard,
  renderPassportPage,
  specimenPerson,
  withExifOrientation,
} from '../../../test/photoSpecimens.js';
import { closeDocumentReader, readDrivingLicence, readPassport } from './documentReader.js';
import { prepareImage } from './images.js';
import type { PreparedImage } from './photoId.js';

// One OCR worker for the file (created by the first read), ended at the end. A read costs
// about 0.5 s of CPU and the first one a second more; on a busy 2-core CI machine that can
// take several times as long, hence the timeout (a hang still fails).
afterAll(closeDocumentReader);
vi.setConfig({ testTimeout: 30_000 });

async function prepared(bytes: Buffer): Promise<PreparedImage> {
  const result = await prepareImage(bytes);
  if (!result.ok) throw new Error(`the specimen was refused: ${result.problem}`);
  return result.value;
}

/** A photo with no document: a street of brick houses under a sun, on a grainy sky. */
async function plainPicture(): Promise<Buffer> {
  const houses = Array.from({ length: 8 }, (_, i) => {
    const x = 20 + i * 150;
    return `<rect x="${x}" y="420" width="120" height="260" fill="url(#brick)"/>
      <polygon points="${x - 10},420 ${x + 60},340 ${x + 130},420" fill="#5b2c16"/>
      <rect x="${x + 20}" y="470" width="30" height="30" fill="#fff8dc"/>
      <rect x="${x + 70}" y="470" width="30" height="30" fill="#fff8dc"/>
      <rect x="${x + 45}" y="600" width="30" height="80" fill="#3b2314"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><pattern id="brick" width="24" height="12" patternUnits="userSpaceOnUse">
      <rect width="24" height="12" fill="#a0522d"/><path d="M0 11.5H24M12 0V6M0 6H24M0 6V12" stroke="#e8d8c8" stroke-width="1.5"/>
    </pattern></defs>
    <circle cx="1000" cy="140" r="70" fill="#ffd700"/>
    <rect y="680" width="1200" height="120" fill="#556b2f"/>${houses}</svg>`;
  const sky = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: '#87ceeb',
      noise: { type: 'gaussian', mean: 160, sigma: 12 },
    },
  })
    .tint('#87ceeb')
    .png()
    .toBuffer();
  return asJpeg(
    await sharp(sky)
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer(),
  );
}

/** The picture turned by `degrees` (clockwise) on the table it lies on. */
const slanted = (picture: Buffer, degrees: number) =>
  sharp(picture).rotate(degrees, { background: '#3a3f45' }).png().toBuffer();

const passport = {
  kind: 'passport',
  number: specimenPerson.number,
  surname: 'SMITH',
  givenNames: 'ANNA MARIA',
  birthDate: specimenPerson.birthDate,
  expiryDate: specimenPerson.expiryDate,
  issueDate: null,
  issuingCountry: 'GBR',
  consistent: true,
};

describe('readPassport', () => {
  let page: Buffer;
  beforeAll(async () => {
    page = await renderPassportPage();
  });

  it('reads the MRZ of a data page exactly', async () => {
    expect(await readPassport(await prepared(page))).toEqual({ ok: true, value: passport });
  });

  it('reads a phone photo stored on its side (EXIF orientation 6) upright', async () => {
    const photo = await withExifOrientation(page, 6);
    expect(await readPassport(await prepared(photo))).toEqual({ ok: true, value: passport });
  });

  it('reads a page photographed at a slant (turned 4 degrees)', async () => {
    const photo = await asJpeg(await slanted(page, 4));
    expect(await readPassport(await prepared(photo))).toEqual({ ok: true, value: passport });
  });

  it('answers mrz_unreadable when a check digit fails', async () => {
    const broken = await renderPassportPage({ breakCheckDigit: true });
    expect(await readPassport(await prepared(broken))).toEqual({
      ok: false,
      problem: 'mrz_unreadable',
    });
  });

  it.each([
    ['a picture without a document', plainPicture],
    ['a driving licence (no MRZ)', () => renderLicenceCard()],
  ])('answers no_document for %s', async (_, picture) => {
    expect(await readPassport(await prepared(await picture()))).toEqual({
      ok: false,
      problem: 'no_document',
    });
  });
});

describe('readDrivingLicence', () => {
  const licence = {
    kind: 'drivingLicence',
    number: 'SMITH853145AM9AB',
    surname: 'SMITH',
    givenNames: 'ANNA MARIA',
    birthDate: specimenPerson.birthDate,
    expiryDate: specimenPerson.expiryDate,
    issueDate: specimenPerson.issueDate,
    issuingCountry: 'GBR',
    consistent: true,
  };

  it('reads fields 1 to 5 of a photocard exactly', async () => {
    const card = await asJpeg(await renderLicenceCard());
    expect(await readDrivingLicence(await prepared(card))).toEqual({ ok: true, value: licence });
  });

  it('reads a card photographed at a slant (turned -6 degrees)', async () => {
    const photo = await asJpeg(await slanted(await renderLicenceCard(), -6));
    expect(await readDrivingLicence(await prepared(photo))).toEqual({ ok: true, value: licence });
  });

  it('reads a driver number that does not agree with the name as inconsistent', async () => {
    const card = await renderLicenceCard({ number: 'JONES853145AM9AB' });
    expect(await readDrivingLicence(await prepared(card))).toEqual({
      ok: true,
      value: { ...licence, number: 'JONES853145AM9AB', consistent: false },
    });
  });

  it('answers no_document for a picture without a licence', async () => {
    expect(await readDrivingLicence(await prepared(await plainPicture()))).toEqual({
      ok: false,
      problem: 'no_document',
    });
  });
});
