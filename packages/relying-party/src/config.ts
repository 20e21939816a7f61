/** Settings of the demo relying party, read from the environment. */
export interface RelyingPartyConfig {
  /** TCP port to listen on (RP_PORT, default 3001). */
  port: number;
  /** Interface to listen on (RP_HOST, default 127.0.0.1). */
  host: string;
  /** Public base address of this app (RP_URL, default http://127.0.0.1:3001), no trailing slash. */
  rpUrl: string;
  /** Verity's issuer identifier (ISSUER, default http://localhost:3000). */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Whether plain-HTTP requests to the issuer are allowed (only for localhost or 127.0.0.1). */
  allowInsecureIssuer: boolean;
  /** Where Verity sends the browser back with the authorization response. */
  redirectUri: string;
  /** Where Verity sends the browser after sign-out. */
  postLogoutRedirectUri: string;
  /** The scopes asked for (RP_SCOPE, default 'openid email profile'). */
  scope: string;
  /**
   * The claims request parameter (RP_CLAIMS, JSON, OpenID Connect Core 5.5), for example to ask
   * for verified_claims (OpenID Connect for Identity Assurance); absent when not set.
   */
  claims?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

function parseUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http or https URL, got ${JSON.stringify(value)}`);
  }
  if (url.search || url.hash) {
    throw new ConfigError(`${name} must not have a query or fragment`);
  }
  return url;
}

function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new ConfigError(
      `${name} must be a port number from 1 to 65535, got ${JSON.stringify(value)}`,
    );
  }
  return port;
}

function parseClaims(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return JSON.stringify(parsed);
  } catch {
    // reported below
  }
  throw new ConfigError('RP_CLAIMS must be a JSON object (the OpenID Connect claims parameter)');
}

/** Reads and checks the settings; throws a ConfigError with a message fit for a person. */
export function loadConfig(env: NodeJS.ProcessEnv): RelyingPartyConfig {
  const port = parsePort('RP_PORT', env.RP_PORT ?? '3001');
  const rpUrl = parseUrl('RP_URL', env.RP_URL ?? `http://127.0.0.1:${port}`).href.replace(
    /\/+$/,
    '',
  );
  const issuer = parseUrl('ISSUER', env.ISSUER ?? 'http://localhost:3000');
  const allowInsecureIssuer = issuer.protocol === 'http:' && LOCAL_HOSTS.has(issuer.hostname);
  if (issuer.protocol === 'http:' && !allowInsecureIssuer) {
    throw new ConfigError(
      `ISSUER must use https unless it is on localhost or 127.0.0.1, got ${issuer.href}`,
    );
  }

  const missing = ['RP_CLIENT_ID', 'RP_CLIENT_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `${missing.join(' and ')} must be set: register this app with ` +
        `"verity clients add --name 'Demo relying party' --redirect-uri ${rpUrl}/callback ` +
        `--post-logout-redirect-uri ${rpUrl}/ --json" and pass its client_id and client_secret ` +
        `(npm start does this for you).`,
    );
  }

  return {
    port,
    host: env.RP_HOST ?? '127.0.0.1',
    rpUrl,
    issuer,
    clientId: env.RP_CLIENT_ID as string,
    clientSecret: env.RP_CLIENT_SECRET as string,
    allowInsecureIssuer,
    redirectUri: `${rpUrl}/callback`,
    postLogoutRedirectUri: `${rpUrl}/`,
    scope: env.RP_SCOPE?.trim() || 'openid email profile',
    ...(env.RP_CLAIMS?.trim() ? { claims: parseClaims(env.RP_CLAIMS) } : {}),
  };
}
