import { createHash } from 'node:crypto';
import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';
import {
  DocumentProviderError,
  type DocumentCheckResult,
  type DocumentHolder,
  type DocumentProvider,
  type LicenceDetails,
  type PassportDetails,
} from './documentProvider.js';

/**
 * The sandbox's passport records, as an issuer's database would hold them (docs/sandbox.md).
 * A check passes only when every detail matches one record; the expiry is part of the match.
 */
export const sandboxPassports: readonly PassportDetails[] = [
  { number: '533401372', surname: 'SMITH', given: 'ANNA', dob: '1985-02-17', expiry: '2031-04-30' },
  {
    number: '123456789',
    surname: 'JONES',
    given: 'DAVID MICHAEL',
    dob: '1972-11-03',
    expiry: '2029-08-15',
  },
  // The usual test profile's own passport (README, tests): every check passes for her.
  {
    number: '548213907',
    surname: 'LOVELACE',
    given: 'ADA',
    dob: '1985-12-10',
    expiry: '2032-05-31',
  },
  {
    number: '824159367',
    surname: "O'BRIEN",
    given: 'SIOBHAN',
    dob: '1990-06-21',
    expiry: '2027-01-09',
  },
];

/** The sandbox's driving licence records (docs/sandbox.md). */
export const sandboxLicences: readonly LicenceDetails[] = [
  {
    number: 'SMITH852175A99AB',
    surname: 'SMITH',
    given: 'ANNA',
    dob: '1985-02-17',
    issue: '2019-03-01',
    expiry: '2029-02-28',
    postcode: 'CR2 6XH',
  },
  {
    number: 'LOVEL862105A99LV',
    surname: 'LOVELACE',
    given: 'ADA',
    dob: '1985-12-10',
    issue: '2020-06-15',
    expiry: '2030-06-14',
    postcode: 'SW1A 1AA',
  },
  {
    number: 'TAYLO709309J99XY',
    surname: 'TAYLOR',
    given: 'JAMES',
    dob: '1979-09-30',
    issue: '2016-07-12',
    expiry: '2031-07-11',
    postcode: 'M1 1AE',
  },
  {
    number: 'MCDON604058R99KL',
    surname: 'MACDONALD',
    given: 'ROBERT',
    dob: '1968-04-05',
    issue: '2021-01-20',
    expiry: '2031-01-19',
    postcode: 'SW1A 2AA',
  },
];

/** A licence number the sandbox answers as an outage of the service. */
export const SANDBOX_LICENCE_OUTAGE = 'OUTAG901019A99ZZ';

/** A passport number the sandbox answers as an outage of the service. */
export const SANDBOX_PASSPORT_OUTAGE = '99999999';

/** Strength 4 and validity 2 for a passport checked against the issuer's data (GPG45, data check). */
const passportMatch: EvidenceScores = {
  strength: 4,
  validity: 2,
  activity: 0,
  fraud: 0,
  verification: 0,
};
/** A photocard licence checked against the DVLA's data: strength 3, validity 2. */
const licenceMatch: EvidenceScores = {
  strength: 3,
  validity: 2,
  activity: 0,
  fraud: 0,
  verification: 0,
};

/** Deterministic: the same details give the same transaction id. */
function transactionId(kind: string, details: object): string {
  return `sandbox-${kind}-${createHash('sha256').update(JSON.stringify(details)).digest('hex').slice(0, 16)}`;
}

/** The holder as the record names them (what the route matches with the claimed identity). */
function holderOf(record: PassportDetails | LicenceDetails): DocumentHolder {
  return { given: record.given, surname: record.surname, dob: record.dob };
}

export class SandboxDocumentProvider implements DocumentProvider {
  readonly name = 'sandbox-documents';

  async checkLicence(details: LicenceDetails): Promise<DocumentCheckResult> {
    if (details.number === SANDBOX_LICENCE_OUTAGE)
      throw new DocumentProviderError('sandbox licence service outage');
    const id = transactionId('licence', details);
    const record = sandboxLicences.find((licence) => licence.number === details.number);
    const matches =
      record !== undefined &&
      (Object.keys(record) as Array<keyof LicenceDetails>).every(
        (key) => record[key] === details[key],
      );
    return matches
      ? { outcome: 'matched', transactionId: id, scores: licenceMatch, holder: holderOf(record) }
      : { outcome: 'notMatched', transactionId: id };
  }

  async checkPassport(details: PassportDetails): Promise<DocumentCheckResult> {
    if (details.number === SANDBOX_PASSPORT_OUTAGE)
      throw new DocumentProviderError('sandbox passport service outage');
    const id = transactionId('passport', details);
    const record = sandboxPassports.find((passport) => passport.number === details.number);
    const matches =
      record !== undefined &&
      record.surname === details.surname &&
      record.given === details.given &&
      record.dob === details.dob &&
      record.expiry === details.expiry;
    return matches
      ? { outcome: 'matched', transactionId: id, scores: passportMatch, holder: holderOf(record) }
      : { outcome: 'notMatched', transactionId: id };
  }
}
