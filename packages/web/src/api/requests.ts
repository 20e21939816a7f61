import { requestInfoSchema, type RequestInfo } from '@verity/contracts';
import { postJson, type CallOptions } from './client';

/** POST /api/requests/:requestId: the sign-in request's client details and requirements. */
export function fetchRequestInfo(requestId: string, options?: CallOptions): Promise<RequestInfo> {
  return postJson(
    `/api/requests/${encodeURIComponent(requestId)}`,
    undefined,
    requestInfoSchema,
    options,
  );
}
