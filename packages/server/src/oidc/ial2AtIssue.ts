import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { essentialAcrs, IAL2 } from '../features/assurance/acr.js';
import { clientDemand } from '../features/assurance/demand.js';
import { demandStanding } from '../features/assurance/demandMet.js';
import type { ClientPolicy } from '../features/clients/policy.js';
import type { EvidenceStore } from '../features/evidence/evidenceStore.js';
import { acrForAmr } from './authenticationStrength.js';

interface IdTokenLike {
  ctx?: {
    oidc?: {
      account?: { accountId?: string };
      /** The code or refresh token the ID token is issued from, with the request's claims. */
      entities?: { AuthorizationCode?: { claims?: unknown }; RefreshToken?: { claims?: unknown } };
    };
  };
  client?: { clientId: string };
}

/**
 * An ID token says acr ial2 only while the user's evidence still meets the client's demand (else
 * the default one) when it is issued. A code or refresh token keeps the acr of the login that
 * minted it, and since then a verified field may have been edited (its evidence set aside until a
 * check matches the new value) or the evidence expired: the token issued now says what the
 * login still is (aal2 for two factors, as acrForAmr), and its verified_claims (read now,
 * account.ts) carry none of the set-aside evidence; when the request made acr essential and
 * that acr is not among its values, the grant is refused (invalid_grant) instead. Issuing an
 * ID token on the authorization endpoint is off (responseTypes: code), so every one comes
 * through here.
 */
export function judgeIal2AtIssue(
  provider: Provider,
  policyOf: (client: { clientId: string }) => Promise<ClientPolicy | undefined>,
  evidence: EvidenceStore | undefined,
): void {
  const payload = provider.IdToken.prototype.payload as (
    this: IdTokenLike,
  ) => Promise<Record<string, unknown>>;
  async function judged(this: IdTokenLike): Promise<Record<string, unknown>> {
    const claims = await payload.call(this);
    if (claims.acr !== IAL2) return claims;
    const accountId = this.ctx?.oidc?.account?.accountId ?? String(claims.sub);
    const policy = this.client && (await policyOf(this.client));
    const still =
      evidence !== undefined &&
      policy !== undefined &&
      demandStanding(clientDemand(policy), ...(await standing(evidence, accountId))).met;
    if (still) return claims;
    const amr = Array.isArray(claims.amr) ? (claims.amr as string[]) : [];
    const acr = acrForAmr(amr);
    // A request that made acr essential accepted only its values (OpenID Connect Core 5.5.1.1):
    // one that no longer holds is refused, never answered with an acr it did not accept.
    const entities = this.ctx?.oidc?.entities;
    const essential = essentialAcrs(
      entities?.AuthorizationCode?.claims ?? entities?.RefreshToken?.claims,
    );
    if (essential && !essential.includes(acr))
      throw new errors.InvalidGrant(
        'the verified identity this grant was made with no longer holds; sign in again',
      );
    return { ...claims, acr };
  }
  Object.defineProperty(provider.IdToken.prototype, 'payload', { value: judged });
}

async function standing(evidence: EvidenceStore, accountId: string) {
  const { passed, evidence: all } = await evidence.standing(accountId);
  return [passed, all] as const;
}
