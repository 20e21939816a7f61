/**
 * Photo ID (GenuinePassport, GenuineDrivingLicence, SelfieComparison): what the local image
 * pipeline and a vendor adapter both answer. The routes, storage and evidence use only this.
 *
 * Owners: images.ts (decoding, limits, orientation, metadata, blur and glare), documentReader.ts
 * (passport MRZ and photocard licence by OCR), faces.ts (face detection, embeddings,
 * comparison, anti-spoofing). Each answers a `Reading`: a value, or the image problem that the
 * user can fix by taking the photo again.
 */

/**
 * Why an image could not be read; each is a catalogue error with a retake prompt. Not a failed
 * check: the user may try again (three unreadable attempts offer another option).
 */
export type ImageProblem =
  | 'unsupported_type' // not JPEG, PNG, WebP or HEIC
  | 'too_large' // over 10 MB, or more pixels than the decoder allows
  | 'corrupt' // the bytes do not decode as the type they claim
  | 'too_small' // too few pixels to read (under about 600 px on the short side)
  | 'blurred' // the sharpness measure is under its threshold
  | 'glare' // too much of the image is blown-out white
  | 'no_document' // no document (no MRZ, no photocard layout) found
  | 'mrz_unreadable' // an MRZ found, but its check digits fail after correction
  | 'no_face' // no face on the document or in the selfie
  | 'several_faces'; // more than one face in the selfie

export type Reading<T> = { ok: true; value: T } | { ok: false; problem: ImageProblem };

/** An image as the pipeline keeps it: upright (EXIF applied), no metadata, re-encoded. */
export interface PreparedImage {
  /** PNG bytes of the upright image with every metadata block removed. */
  png: Buffer;
  width: number;
  height: number;
}

/** What was read from a document's photo. Dates are ISO 8601 (YYYY-MM-DD). */
export interface DocumentReading {
  kind: 'passport' | 'drivingLicence';
  /** Passport number, or the 16-character DVLA driver number. */
  number: string;
  /** As printed, in upper case, MRZ filler removed: 'SMITH', 'ANNA MARIA'. */
  surname: string;
  givenNames: string;
  birthDate: string;
  expiryDate: string;
  /** The photocard's 4a; passports' MRZ has none. */
  issueDate: string | null;
  /** ICAO three-letter code (GBR) of the issuing state. */
  issuingCountry: string;
  /**
   * Passport: every ICAO 9303 check digit held (after correction). Licence: the driver number
   * agrees with the printed surname and birth date (DVLA encoding).
   */
  consistent: boolean;
}

/** One face found in an image. */
export interface FaceFinding {
  /** The face recognition model's embedding, for `compareFaces`. */
  embedding: number[];
  /** 0..1: how sure the detector is that this is a face. */
  confidence: number;
  /** 0..1: the anti-spoof model's score that this is a real face, not a photo of a screen or print. */
  real: number;
  /** 0..1: the liveness model's score. */
  live: number;
  /** Where the face is, in the image's pixels. */
  box: { x: number; y: number; width: number; height: number };
}

/** How alike two faces are (0..1) and whether that passes the comparison's threshold. */
export interface FaceComparison {
  similarity: number;
  match: boolean;
}
