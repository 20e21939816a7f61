import type {
  CheckResult,
  HandoffDocument,
  PhotoHandoffCreated,
  PhotoHandoffStatus,
} from '@verity/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { createHandoff, handoffStatus } from '../../api/photoHandoff';
import { nextPollDelay } from './pollDelay';

export interface PhoneHandoff {
  /** The link and its QR code, once made. */
  code: PhotoHandoffCreated | null;
  state: PhotoHandoffStatus['state'];
  /** The check's answer, once the phone is done. */
  result: CheckResult | null;
  /** Why there is no link (outside a sign-in request, or a failure). */
  error: ApiError | null;
  /** A new code (after expiry): the last one stops working. */
  renew(): void;
}

/**
 * The desktop's side of the handoff: makes a link to the phone for this document, then asks
 * where the phone is, backing off while nothing changes (pollDelay.ts), until it is done or
 * the link expires; stops when the page goes.
 */
export function usePhoneHandoff(check: HandoffDocument): PhoneHandoff {
  const [code, setCode] = useState<PhotoHandoffCreated | null>(null);
  const [state, setState] = useState<PhotoHandoffStatus['state']>('none');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay: number | null = null;
    let last: PhotoHandoffStatus['state'] = 'waiting';

    async function poll(expiresAt: number) {
      try {
        const status = await handoffStatus(abort.signal);
        if (abort.signal.aborted) return;
        // The server's word, or the clock's when it has not caught up yet.
        const now =
          status.state === 'waiting' && Date.now() >= expiresAt ? 'expired' : status.state;
        setState(now);
        if (now === 'done' && status.result) return setResult(status.result);
        if (now === 'expired' || now === 'none') return;
        delay = nextPollDelay(delay, now !== last);
        last = now;
      } catch (failure) {
        if (abort.signal.aborted) return;
        // A passing failure: try again later, as slowly as the backoff says.
        delay = nextPollDelay(delay, false);
        if (failure instanceof ApiError && failure.status === 401) return setError(failure);
      }
      timer = setTimeout(() => void poll(expiresAt), delay);
    }

    async function start() {
      try {
        const created = await createHandoff(check);
        if (abort.signal.aborted) return;
        setCode(created);
        setState('waiting');
        setError(null);
        delay = nextPollDelay(null, true);
        timer = setTimeout(() => void poll(created.expiresAt), delay);
      } catch (failure) {
        if (abort.signal.aborted) return;
        setError(failure instanceof ApiError ? failure : new ApiError('internal_error', 0));
      }
    }
    void start();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [check, generation]);

  return {
    code,
    state,
    result,
    error,
    renew: () => {
      setCode(null);
      setResult(null);
      setGeneration((value) => value + 1);
    },
  };
}
