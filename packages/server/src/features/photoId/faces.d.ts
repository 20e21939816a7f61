// TEMPORARY type-only declaration of faces.ts (helper "faces"); removed when merged.
import type { FaceComparison, FaceFinding, PreparedImage, Reading } from './photoId.js';
export declare function faceOnDocument(image: PreparedImage): Promise<Reading<FaceFinding>>;
export declare function faceInSelfie(image: PreparedImage): Promise<Reading<FaceFinding>>;
export declare function compareFaces(document: FaceFinding, selfie: FaceFinding): FaceComparison;
export declare function closeFaces(): Promise<void>;
export declare const faceMatchThreshold: number;
export declare const recommendedMinimumReal: number;
export declare const recommendedMinimumLive: number;
