/** The shape of a translated catalogue section (shared with the server's messages). */
export type { Translation } from '@verity/contracts';
