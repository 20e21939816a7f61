import { IAL2 } from './demand.js';

/**
 * The acr a finished request carries (DESIGN.md): urn:verity:ial2 when the login used two
 * factors (aal2) and an assurance alternative is met; otherwise the login's own.
 */
export function reachedAcr(loginAcr: string, assuranceMet: boolean): string {
  return loginAcr === 'urn:verity:aal2' && assuranceMet ? IAL2 : loginAcr;
}
