// TEMPORARY type-only declaration of documentReader.ts (helper "docs"); removed when merged.
import type { DocumentReading, PreparedImage, Reading } from './photoId.js';
export declare function readPassport(image: PreparedImage): Promise<Reading<DocumentReading>>;
export declare function readDrivingLicence(image: PreparedImage): Promise<Reading<DocumentReading>>;
export declare function closeDocumentReader(): Promise<void>;
