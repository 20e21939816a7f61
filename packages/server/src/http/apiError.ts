import { errorCatalogue, type ErrorCode } from '@verity/contracts';

/** Thrown by handlers and guards; the error handler answers `{ error: { code, message } }`. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}
