// TEMPORARY type-only declaration of images.ts (helper "docs"); removed when it is merged.
import type { PreparedImage, Reading } from './photoId.js';
export declare const maxImageBytes: number;
export declare function prepareImage(bytes: Buffer): Promise<Reading<PreparedImage>>;
