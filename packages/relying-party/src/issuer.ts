import * as client from 'openid-client';
import type { RelyingPartyConfig } from './config.js';

/** Gives the openid-client Configuration for Verity, discovering it on first use. */
export type IssuerConnection = () => Promise<client.Configuration>;

/**
 * Discovery runs once and is cached; a failed attempt is forgotten so the next request tries
 * again (Verity may start after this app).
 */
export function connectToIssuer(config: RelyingPartyConfig): IssuerConnection {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(
        config.issuer,
        config.clientId,
        { client_secret: config.clientSecret },
        client.ClientSecretBasic(config.clientSecret),
        config.allowInsecureIssuer ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
