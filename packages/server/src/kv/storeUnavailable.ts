/**
 * The shared store (Redis) did not answer in time or is not connected. The error handler
 * answers 503 `service_unavailable` with Retry-After: an honest "try again shortly", never a
 * 500 after a long wait, and never a wrong answer such as "started in another browser".
 */
export class KeyValueStoreUnavailable extends Error {
  constructor(
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(`key-value store unavailable (${operation})`, options);
    this.name = 'KeyValueStoreUnavailable';
  }
}
