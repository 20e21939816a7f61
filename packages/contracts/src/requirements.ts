/** What a user must still do before the response goes back to the client (spec: userReqs). */
export const requirements = [
  'loginWithMPin',
  'loginWithSecondFactor',
  'assurance',
  'assuranceProfileCapturePossible',
  'setupSecondFactor',
  'setupProfile',
  'setupMPin',
  'loginMPin',
  'consent',
] as const;

export type Requirement = (typeof requirements)[number];
