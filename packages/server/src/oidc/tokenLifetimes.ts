/**
 * The lifetimes (seconds) of what oidc-provider signs with the instance's keys: how long a key
 * must stay published after it stops signing (keys.ts). Opaque tokens (refresh tokens, codes)
 * are not signed. Logout tokens are not issued (back-channel logout is off); enabling it
 * would add its lifetime here.
 */
export const signedTokenTtlSeconds = {
  AccessToken: 600,
  IdToken: 3600,
} as const;
