import { strongestProfileMet } from '../assurance/gpg45/levels.js';
import { checkInfo, verifiableClaims } from '../checks/checkRegistry.js';
import { currentPasses, type Evidence, type VerifiedDocument } from './evidenceStore.js';
import { verifiedValuesOf } from './verifiedValues.js';

/** ISO 8601 date-time without fractions, as the standard's examples write it. */
function time(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const checkDetail = (evidence: Evidence) => ({
  check_method: checkInfo(evidence.check).evidence.checkMethod,
  organization: evidence.provider,
  check_id: evidence.transactionId,
  time: time(evidence.createdAt),
});

/** One document however many checks looked at it: its type, number and issuing country. */
const documentKey = (document: VerifiedDocument) =>
  JSON.stringify([document.type, document.number, document.issuer.country]);

/**
 * The evidence entries: one per document, with every check of it in its check_details, oldest
 * first (a document read from a photo, then the selfie compared with its face: 'vri', then
 * 'bvr'; OpenID Connect for Identity Assurance, evidence element), and one per record.
 */
function evidenceEntries(passed: readonly Evidence[], withDocumentDetails: boolean) {
  const documents = new Map<string, { document: VerifiedDocument; checks: Evidence[] }>();
  const entries: Array<{ document: string } | { record: Evidence }> = [];
  for (const evidence of passed) {
    const document = evidence.attributes?.document;
    if (!document) {
      entries.push({ record: evidence });
      continue;
    }
    const key = documentKey(document);
    const seen = documents.get(key);
    if (seen) seen.checks.push(evidence);
    else {
      documents.set(key, { document, checks: [evidence] });
      entries.push({ document: key });
    }
  }
  return entries.map((entry) => {
    if ('record' in entry)
      return {
        type: 'electronic_record' as const,
        check_details: [checkDetail(entry.record)],
        record: { type: checkInfo(entry.record.check).evidence.recordType },
      };
    const { document, checks } = documents.get(entry.document)!;
    return {
      type: 'document' as const,
      check_details: [...checks].sort((a, b) => a.createdAt - b.createdAt).map(checkDetail),
      document_details: withDocumentDetails
        ? {
            type: document.type,
            document_number: document.number,
            date_of_expiry: document.dateOfExpiry,
            ...(document.dateOfIssuance ? { date_of_issuance: document.dateOfIssuance } : {}),
            issuer: document.issuer,
          }
        : { type: document.type },
    };
  });
}

/** The claims a verified_claims request element names (all we have when it names none). */
function requestedNames(request: unknown): Set<string> {
  const elements = Array.isArray(request) ? request : [request];
  const names = new Set<string>();
  for (const element of elements) {
    const claims = (element as { claims?: unknown } | null)?.claims;
    if (claims && typeof claims === 'object')
      for (const name of Object.keys(claims)) names.add(name);
  }
  return names.size > 0 ? names : new Set(verifiableClaims);
}

/**
 * Whether a verified_claims request element asks for the documents' details (number, dates,
 * issuer) through verification.evidence[].document_details. Without it only the document's
 * type is said: a document number identifies a person and is released only when asked for.
 */
export function wantsDocumentDetails(request: unknown): boolean {
  const elements = Array.isArray(request) ? request : [request];
  return elements.some((element) => {
    const evidence = (element as { verification?: { evidence?: unknown } } | null)?.verification
      ?.evidence;
    return (
      Array.isArray(evidence) &&
      evidence.some(
        (item) => item !== null && typeof item === 'object' && 'document_details' in item,
      )
    );
  });
}

/**
 * The verified_claims claim (trust framework uk_diatf) from the user's passed checks that
 * count (not expired, validity.ts; about the claimed identity as the profile holds it now,
 * features/identity): the name and birth date as the latest document's record gives them (else
 * a credit file's), every such check as evidence, and the GPG45 profile they meet
 * (`strongestProfileMet`: of P2, else of P1), if any.
 * Only the claims the request names are included, and the documents' details only when the
 * request asks for them. Undefined when nothing is verified.
 */
export function verifiedClaims(
  all: readonly Evidence[],
  request: unknown,
): Record<string, unknown> | undefined {
  const passed = currentPasses(all);
  // The values a document verified, else a credit file's (never the self-asserted profile, nor
  // a holder name: verifiedValues.ts); only evidence bound to the claimed identity as it is now
  // is in `passed`.
  const verified = passed.map((evidence) => ({ evidence, values: verifiedValuesOf(evidence) }));
  const identity =
    verified.find(({ evidence, values }) => evidence.attributes?.document && values.family_name) ??
    verified.find(({ values }) => values.family_name);
  if (!identity) return undefined;
  const wanted = requestedNames(request);
  const claims: Record<string, string> = {};
  for (const name of verifiableClaims) {
    const value = identity.values[name];
    if (wanted.has(name) && value) claims[name] = value;
  }
  const met = strongestProfileMet(passed);
  return {
    verification: {
      trust_framework: 'uk_diatf',
      // The GPG45 profile the same evidence meets, if any, as the standard's UK DIATF example
      // gives it (assurance_level 'medium', procedure 'm1c').
      ...(met && { assurance_level: met.level }),
      assurance_process: { policy: 'gpg45', ...(met && { procedure: met.name.toLowerCase() }) },
      time: time(passed[0]!.createdAt),
      evidence: evidenceEntries(passed, wantsDocumentDetails(request)),
    },
    claims,
  };
}
