import { describe, expect, it } from 'vitest';
import { mapDocumentReport, mapSelfieReport, type VendorReport } from './vendorResults.js';

const properties = {
  document_type: 'passport',
  issuing_country: 'GBR',
  first_name: 'Anna',
  middle_name: 'Maria',
  last_name: 'Smith',
  date_of_birth: '1985-02-17',
  date_of_expiry: '2031-04-30',
  document_numbers: [
    { type: 'personal_number', value: 'X1' },
    { type: 'document_number', value: '533401372' },
  ],
};

const documentReport = (over: Partial<VendorReport> = {}): VendorReport => ({
  id: 'r1',
  name: 'document',
  status: 'complete',
  result: 'clear',
  sub_result: 'clear',
  breakdown: { data_validation: { result: 'clear' }, visual_authenticity: { result: 'clear' } },
  properties,
  ...over,
});

const annaReading = {
  kind: 'passport',
  number: '533401372',
  surname: 'SMITH',
  givenNames: 'ANNA MARIA',
  birthDate: '1985-02-17',
  expiryDate: '2031-04-30',
  issueDate: null,
  issuingCountry: 'GBR',
  consistent: true,
};

describe('mapDocumentReport', () => {
  it.each([
    [
      'clear: the data read, validity 2 (no chip)',
      documentReport(),
      'passport',
      {
        kind: 'read',
        reading: annaReading,
        scores: { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 },
      },
    ],
    [
      'caution: the data read, left to Verity’s own acceptance and matching',
      documentReport({ result: 'consider', sub_result: 'caution' }),
      'passport',
      { kind: 'read', reading: annaReading },
    ],
    [
      'a licence with its issue date: strength 3, activity 1',
      documentReport({
        properties: {
          ...properties,
          document_type: 'driving_licence',
          date_of_issue: '2021-06-30',
          document_numbers: [{ type: 'document_number', value: 'smith852175a99ab' }],
        },
      }),
      'drivingLicence',
      {
        kind: 'read',
        reading: {
          ...annaReading,
          kind: 'drivingLicence',
          number: 'SMITH852175A99AB',
          issueDate: '2021-06-30',
        },
        scores: { strength: 3, validity: 2, activity: 1, fraud: 0, verification: 0 },
      },
    ],
    [
      'data validation failed (check digits): read but inconsistent (a retake)',
      documentReport({
        result: 'consider',
        sub_result: 'caution',
        breakdown: { data_validation: { result: 'consider' } },
      }),
      'passport',
      { kind: 'read', reading: { ...annaReading, consistent: false } },
    ],
    [
      'suspected: not genuine, validity 0',
      documentReport({ result: 'consider', sub_result: 'suspected' }),
      'passport',
      {
        kind: 'notGenuine',
        scores: { strength: 4, validity: 0, activity: 0, fraud: 0, verification: 0 },
      },
    ],
    [
      'rejected (image quality): a retake',
      documentReport({ result: 'consider', sub_result: 'rejected', properties: {} }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'a licence where a passport was asked for: a retake',
      documentReport({ properties: { ...properties, document_type: 'driving_licence' } }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'no document number: a retake',
      documentReport({ properties: { ...properties, document_numbers: [] } }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'a birth date not ISO: a retake',
      documentReport({ properties: { ...properties, date_of_birth: '17/02/1985' } }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'not complete: a retake, never a pass',
      documentReport({ status: 'awaiting_data' }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'no sub_result and not clear: a retake',
      documentReport({ result: 'consider', sub_result: null }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
    [
      'another report: a retake',
      documentReport({ name: 'facial_similarity_photo' }),
      'passport',
      { kind: 'problem', problem: 'no_document' },
    ],
  ] as const)('%s', (_name, report, kind, expected) => {
    expect(mapDocumentReport(report, kind)).toMatchObject(expected);
  });
});

const selfieReport = (
  comparison: string | null,
  spoofing: string | null,
  over: Partial<VendorReport> = {},
): VendorReport => ({
  id: 'r2',
  name: 'facial_similarity_photo',
  status: 'complete',
  result: comparison === 'clear' && spoofing !== 'consider' ? 'clear' : 'consider',
  breakdown: {
    face_comparison: {
      result: comparison,
      breakdown: { face_match: { result: comparison, properties: { score: 0.91 } } },
    },
    image_integrity: { result: 'clear' },
    ...(spoofing === null
      ? {}
      : {
          visual_authenticity: {
            result: spoofing,
            breakdown: { spoofing_detection: { result: spoofing } },
          },
        }),
  },
  ...over,
});

describe('mapSelfieReport', () => {
  it.each([
    [
      'same face, spoofing detection clear: passed, verification 3',
      selfieReport('clear', 'clear'),
      { kind: 'compared', passed: true, comparison: { similarity: 0.91, match: true } },
      3,
    ],
    [
      'same face, no presentation-attack detection reported: passed, verification 2',
      selfieReport('clear', null),
      { kind: 'compared', passed: true, liveness: { real: 1, live: 1 } },
      2,
    ],
    [
      'same face, a spoof: failed, not live',
      selfieReport('clear', 'consider'),
      { kind: 'compared', passed: false, comparison: { match: true }, liveness: { real: 0 } },
      0,
    ],
    [
      'another face: failed, no match',
      selfieReport('consider', 'clear'),
      { kind: 'compared', passed: false, comparison: { match: false } },
      0,
    ],
  ] as const)('%s', (_name, report, expected, verification) => {
    const mapped = mapSelfieReport(report);
    expect(mapped).toMatchObject(expected);
    expect(mapped.kind === 'compared' && mapped.scores.verification).toBe(verification);
  });

  it.each([
    [
      'image integrity failed (no face)',
      selfieReport('clear', 'clear', {
        breakdown: { image_integrity: { result: 'consider' } },
      }),
    ],
    ['no comparison reported', selfieReport(null, 'clear')],
    ['not complete', selfieReport('clear', 'clear', { status: 'in_progress' })],
    ['a document report', selfieReport('clear', 'clear', { name: 'document' })],
  ])('%s: a retake of the selfie', (_name, report) => {
    expect(mapSelfieReport(report)).toEqual({ kind: 'problem', problem: 'no_face' });
  });
});
