import type { FieldDefinition, ProfileClaim } from '@verity/contracts';
import type Provider from 'oidc-provider';
import type { ClientPolicy } from '../clients/policy.js';
import { profileFieldTexts } from '../../messages/profileFields.js';
import { wantsDocumentDetails } from '../evidence/verifiedClaims.js';

type Interaction = InstanceType<Provider['Interaction']>;

const letters = 'A-Za-zÀ-ÖØ-öø-ÿ';
/** The English texts; the profile screen shows them in the user's language (fieldInLanguage). */
const text = profileFieldTexts.en;

/** A name: at most 100 characters, a letter first, then letters, spaces, hyphens, apostrophes. */
function nameValidators(title: string): FieldDefinition['validators'] {
  return [
    { type: 'regex', regex: '^.{1,100}$', message: text.nameLength(title) },
    {
      type: 'regex',
      regex: `^[${letters}][${letters} '\\-]*$`,
      message: text.nameLetters(title),
    },
  ];
}

/** The profile fields of the standard claims (the e-mail comes from the account). */
export const standardFields: Record<Exclude<ProfileClaim, 'email'>, FieldDefinition> = {
  given_name: {
    name: 'given_name',
    type: 'text',
    title: text.titles.given_name,
    validators: nameValidators(text.titles.given_name),
  },
  family_name: {
    name: 'family_name',
    type: 'text',
    title: text.titles.family_name,
    validators: nameValidators(text.titles.family_name),
  },
  birthdate: {
    name: 'birthdate',
    type: 'date',
    title: text.titles.birthdate,
    min: '1900-01-01',
    max: 'today',
  },
  address: { name: 'address', type: 'address', title: text.titles.address },
  phone_number: {
    name: 'phone_number',
    type: 'text',
    title: text.titles.phone_number,
    validators: [
      {
        type: 'regex',
        regex: '^(\\+44 ?|0)[1-9][0-9 ]{8,12}$',
        message: text.phoneFormat,
      },
    ],
  },
};

const scopeClaims: Record<string, string[]> = {
  email: ['email'],
  profile: ['given_name', 'family_name', 'birthdate'],
  address: ['address'],
  phone: ['phone_number'],
};

const releasable = new Set([
  'email',
  'given_name',
  'family_name',
  'birthdate',
  'address',
  'phone_number',
  // OpenID Connect for Identity Assurance: the verified identity and how it was verified.
  'verified_claims',
]);

/**
 * The claims this request would release: from its scopes, its claims parameter, and the
 * client's policy. These are what the profile must hold and what consent covers.
 */
export function requestedClaims(policy: ClientPolicy, interaction: Interaction): string[] {
  const wanted = new Set<string>(policy.claims);
  for (const scope of String(interaction.params.scope ?? '').split(' ')) {
    for (const claim of scopeClaims[scope] ?? []) wanted.add(claim);
  }
  if (typeof interaction.params.claims === 'string') {
    try {
      const parsed = JSON.parse(interaction.params.claims) as {
        id_token?: object;
        userinfo?: object;
      };
      for (const claim of [
        ...Object.keys(parsed.id_token ?? {}),
        ...Object.keys(parsed.userinfo ?? {}),
      ])
        wanted.add(claim);
    } catch {
      // oidc-provider has already refused a malformed claims parameter.
    }
  }
  return [...wanted].filter((claim) => releasable.has(claim)).sort();
}

/** The profile fields a request needs, in a stable order; custom claims of the client last. */
export function requestedFields(policy: ClientPolicy, interaction: Interaction): FieldDefinition[] {
  const claims = requestedClaims(policy, interaction);
  const standard = (Object.keys(standardFields) as Array<keyof typeof standardFields>)
    .filter((claim) => claims.includes(claim))
    .map((claim) => standardFields[claim]);
  return [...standard, ...policy.customClaims];
}

/**
 * Consent to verified_claims with the documents' details (number, issuer, dates): a consent of
 * its own, so a user who agreed to share their verified identity is asked again before a
 * request also takes their document numbers. Not a claim name: the grant ignores it.
 */
export const documentDetailsConsent = 'verified_claims.document_details';

/**
 * Whether a claims parameter (the request's, as sent) asks for verified_claims with
 * document_details, for either use.
 */
export function asksForDocumentDetails(claimsParameter: unknown): boolean {
  if (typeof claimsParameter !== 'string') return false;
  try {
    const parsed = JSON.parse(claimsParameter) as Record<string, unknown>;
    return ['id_token', 'userinfo'].some((use) => {
      const claims = parsed[use] as { verified_claims?: unknown } | null | undefined;
      return (
        typeof claims === 'object' &&
        claims !== null &&
        claims.verified_claims !== undefined &&
        wantsDocumentDetails(claims.verified_claims)
      );
    });
  } catch {
    return false;
  }
}

/** What consent covers and a grant may carry: the requested standard claims and the client's own. */
export function consentClaims(policy: ClientPolicy, interaction: Interaction): string[] {
  const claims = requestedClaims(policy, interaction);
  const documentDetails =
    claims.includes('verified_claims') && asksForDocumentDetails(interaction.params.claims)
      ? [documentDetailsConsent]
      : [];
  return [
    ...new Set([...claims, ...documentDetails, ...policy.customClaims.map((field) => field.name)]),
  ].sort();
}
