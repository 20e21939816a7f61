import { ApiBrowser } from './journey.js';
import type { TestServer } from './testServer.js';

/** The public address of the https test servers; the tests reach them on loopback. */
export const HTTPS_ISSUER = 'https://verity.test';

/** A server's environment as deployed behind a TLS proxy (one trusted hop). */
export const httpsEnv = { PUBLIC_URL: HTTPS_ISSUER, TRUST_PROXY: '1' };

/**
 * A browser behind the TLS proxy: every call says it came over https (X-Forwarded-Proto),
 * links to the issuer are followed on the test server, and every Set-Cookie is kept.
 */
export class HttpsBrowser extends ApiBrowser {
  readonly setCookies: string[] = [];

  constructor(private readonly testServer: TestServer) {
    super(testServer);
  }

  /** A URL on the test server for an address (absolute or relative) on the issuer. */
  local(url: string): string {
    const target = new URL(url, HTTPS_ISSUER);
    const server = new URL(this.testServer.url);
    // oidc-provider's own links name the host the request came to, over https.
    if (target.origin !== HTTPS_ISSUER && target.host !== server.host) return url;
    return `${server.origin}${target.pathname}${target.search}`;
  }

  override async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.fetch(this.local(url), {
      ...init,
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.7',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    this.setCookies.push(...response.headers.getSetCookie());
    return response;
  }
}
