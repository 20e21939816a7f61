import { PinProtocolError, sharesAgree } from '@verity/pin';
import type { FastifyBaseLogger } from 'fastify';
import { signRequest, SIGNATURE_HEADER } from '../../authority/requestSigning.js';
import { ISSUE_PATH, issueResponseSchema } from '../../authority/wire.js';
import { ApiError } from '../../http/apiError.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';
import type { AuthorityClient, IssuedShares } from './authority.js';

export const REMOTE_AUTHORITY_TIMEOUT_MS = 5_000;

/**
 * An authority running as its own service (PIN_AUTHORITY_2_URL): one signed POST per
 * registration. No answer in time, a refusal, or two shares that are not points of one master
 * share (sharesAgree) is pin_authority_unavailable (503): the registration can be retried until
 * it expires.
 */
export class RemoteAuthority implements AuthorityClient {
  private readonly endpoint: string;
  private readonly secret: string;

  constructor(
    readonly name: string,
    options: { url: string; secret: string },
    private readonly timeoutMs = REMOTE_AUTHORITY_TIMEOUT_MS,
  ) {
    this.endpoint = `${options.url.replace(/\/$/, '')}${ISSUE_PATH}`;
    this.secret = options.secret;
  }

  async issue(mpinId: string, publicKey: string, log?: FastifyBaseLogger): Promise<IssuedShares> {
    const unavailable = (reason: string) => {
      log?.warn({ authority: this.name, reason }, 'PIN authority unavailable');
      return new ApiError('pin_authority_unavailable');
    };
    const body = JSON.stringify({ mpinId, publicKey });
    let response: Response;
    try {
      response = await inClientSpan(
        'pin authority POST',
        providerSpan('pin_authority', this.endpoint),
        () =>
          fetch(this.endpoint, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              [SIGNATURE_HEADER]: signRequest(this.secret, {
                method: 'POST',
                path: ISSUE_PATH,
                body,
              }),
            },
            body,
            redirect: 'error',
            signal: AbortSignal.timeout(this.timeoutMs),
          }),
      );
    } catch (error) {
      throw unavailable(
        (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'not reachable',
      );
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (answer as { error?: { code?: unknown } } | null)?.error?.code;
      throw unavailable(`answered ${response.status} ${typeof code === 'string' ? code : ''}`);
    }
    const parsed = issueResponseSchema.safeParse(answer);
    if (!parsed.success) throw unavailable('unreadable answer');
    let agree: boolean;
    try {
      // Shares that disagree (or are not points) would make an identity that cannot log in.
      agree = sharesAgree({ mpinId, publicKey, ...parsed.data });
    } catch (error) {
      if (!(error instanceof PinProtocolError)) throw error;
      agree = false;
    }
    if (!agree) throw unavailable('the two shares do not agree');
    return parsed.data;
  }
}
