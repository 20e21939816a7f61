/** The acr value that asks for a verified identity (DESIGN.md, acr table). */
export const IAL2 = 'urn:verity:ial2';
export const AAL1 = 'urn:verity:aal1';
export const AAL2 = 'urn:verity:aal2';

/** What a request asks of the login through acr_values and an essential acr claim. */
export interface AcrAsk {
  /** Two factors are asked for (aal2 or ial2). */
  secondFactor: boolean;
  /** A verified identity is asked for (ial2). */
  verifiedIdentity: boolean;
  /** The essential acr claim's acceptable values (OpenID Connect Core 5.5.1.1), if any. */
  essential: string[] | null;
}

/**
 * The essential acr claim's acceptable values (OpenID Connect Core 5.5.1.1) of a claims
 * request, as the request sent it (JSON) or as oidc-provider keeps it with a code or refresh
 * token (parsed); null when acr is not essential.
 */
export function essentialAcrs(claims: unknown): string[] | null {
  if (typeof claims !== 'string' && (typeof claims !== 'object' || claims === null)) return null;
  try {
    const parsed = (typeof claims === 'string' ? JSON.parse(claims) : claims) as {
      id_token?: { acr?: unknown };
    };
    const acr = parsed.id_token?.acr as
      { essential?: unknown; value?: unknown; values?: unknown } | null | undefined;
    if (!acr || acr.essential !== true) return null;
    if (Array.isArray(acr.values)) return acr.values.filter((v) => typeof v === 'string');
    return typeof acr.value === 'string' ? [acr.value] : null;
  } catch {
    return null;
  }
}

/**
 * The request's ask: acr_values (voluntary, but Verity treats aal2 and ial2 there as a demand,
 * DESIGN.md) and the essential acr claim, which is met only by one of its values: two factors
 * when aal1 is not among them, a verified identity when only ial2 is.
 */
export function acrAsk(params: Record<string, unknown>): AcrAsk {
  const acrValues = String(params.acr_values ?? '').split(' ');
  const essential = essentialAcrs(params.claims);
  const essentialNeedsTwo = essential !== null && essential.length > 0 && !essential.includes(AAL1);
  const essentialNeedsIdentity =
    essential !== null && essential.includes(IAL2) && !essential.some((v) => v !== IAL2);
  return {
    secondFactor: acrValues.includes(AAL2) || acrValues.includes(IAL2) || essentialNeedsTwo,
    verifiedIdentity: acrValues.includes(IAL2) || essentialNeedsIdentity,
    essential,
  };
}

/**
 * The acr a finished request carries: the strongest the login reached (ial2 for two factors
 * and met assurance, aal2 for two factors, else aal1), or, when the request made acr
 * essential, the strongest of its values that was reached; null when none was (the request
 * cannot be met, and must not be answered with an acr it did not accept).
 */
export function acrFor(
  reached: { twoFactors: boolean; assuranceMet: boolean },
  ask: AcrAsk,
): string | null {
  const achieved = [
    ...(reached.twoFactors && reached.assuranceMet ? [IAL2] : []),
    ...(reached.twoFactors ? [AAL2] : []),
    AAL1,
  ];
  if (!ask.essential) return achieved[0]!;
  return achieved.find((acr) => ask.essential!.includes(acr)) ?? null;
}
