import { apiErrorSchema, errorCatalogue, type ErrorCode } from '@verity/contracts';
import { localErrorCopy } from '../copy/common';

/** A code's message where the SPA makes the error itself: in the screens' language if it has one. */
function localMessage(code: ErrorCode): string {
  return Object.hasOwn(localErrorCopy, code)
    ? localErrorCopy[code as keyof typeof localErrorCopy]
    : errorCatalogue[code].message;
}

/** Anything that checks an answer and returns it typed; the zod schemas of contracts fit. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/** A failed call. Screens decide on `code` (the contracts catalogue), never on `message`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** The HTTP status, or 0 when no usable answer came back. */
  readonly status: number;
  /** The answer's `error.details`, if any (for example each field's message). */
  readonly details: unknown;

  constructor(
    code: ErrorCode,
    status: number,
    message: string = localMessage(code),
    details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Headers of the call's own (the phone's handoff link: Authorization, x-handoff-device). */
  headers?: Record<string, string>;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    return undefined;
  }
}

/** Client over a given fetch, so tests can answer without a network. */
export function createApiClient(fetchImpl: Fetch) {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    schema: Schema<T>,
    options: CallOptions,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A photo goes as itself (the server reads its type from the bytes; a file the browser
    // could not type is still declared an image, so the server says what is wrong with it).
    const raw = payload instanceof Blob ? payload : null;
    if (method === 'POST')
      headers['Content-Type'] = raw ? raw.type || 'image/unknown' : 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(path, {
        method,
        headers,
        // Without a payload a POST sends `{}`, so the body always matches its JSON content
        // type (servers refuse an empty body declared as JSON).
        body: method === 'POST' ? (raw ?? JSON.stringify(payload ?? {})) : undefined,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: options.signal,
      });
    } catch (error) {
      // An abort is the caller's own doing; let it through so the caller can ignore it.
      if (isAbort(error)) throw error;
      throw new ApiError('internal_error', 0);
    }
    const body = await readJson(response);
    if (!response.ok) {
      const parsed = apiErrorSchema.safeParse(body);
      if (parsed.success) {
        const { code, message, details } = parsed.data.error;
        throw new ApiError(code, response.status, message, details);
      }
      throw new ApiError('internal_error', response.status);
    }
    try {
      return schema.parse(body);
    } catch {
      // An answer we cannot read is shown like any other failure (spec: generic error).
      throw new ApiError('internal_error', response.status);
    }
  }

  return {
    getJson<T>(path: string, schema: Schema<T>, options: CallOptions = {}): Promise<T> {
      return call('GET', path, undefined, schema, options);
    },
    postJson<T>(
      path: string,
      payload: unknown,
      schema: Schema<T>,
      options: CallOptions = {},
    ): Promise<T> {
      return call('POST', path, payload, schema, options);
    },
    /** POSTs a photo (or any Blob) as the raw body, typed by the Blob's type. */
    postBlob<T>(
      path: string,
      blob: Blob,
      schema: Schema<T>,
      options: CallOptions = {},
    ): Promise<T> {
      return call('POST', path, blob, schema, options);
    },
  };
}

// Wrapped rather than passed as is: a detached window.fetch throws "Illegal invocation".
export const { getJson, postJson, postBlob } = createApiClient((input, init) => fetch(input, init));
