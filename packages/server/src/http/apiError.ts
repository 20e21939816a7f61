import { errorCatalogue, type ErrorCode, type Language } from '@verity/contracts';
import { errorMessages, type ErrorText } from '../messages/errorMessages.js';

/**
 * Thrown by handlers and guards; the error handler answers `{ error: { code, message } }`,
 * the message in the request's language (messages/errorMessages.ts): the code's own, or an
 * ErrorText of the catalogue. A plain string stays as it is: for messages only developers
 * read (a protocol's refusal), never shown on a screen.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    private readonly text?: string | ErrorText,
    readonly details?: unknown,
  ) {
    super(typeof text === 'string' ? text : text ? text('en') : errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }

  /** The message in `language`. */
  messageIn(language: Language): string {
    if (typeof this.text === 'string') return this.text;
    return this.text ? this.text(language) : errorMessages[language].codes[this.code];
  }
}
