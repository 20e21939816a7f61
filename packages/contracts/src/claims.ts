/** The standard OpenID Connect profile claims a client can require (issue: profile). */
export const profileClaims = [
  'given_name',
  'family_name',
  'birthdate',
  'address',
  'phone_number',
  'email',
] as const;

export type ProfileClaim = (typeof profileClaims)[number];
