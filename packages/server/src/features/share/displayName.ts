import type { ProfileValues } from '../profile/profileStore.js';

/** The user's full name from their profile (given and family names), or null without one. */
export function displayName(profile: ProfileValues): string | null {
  const parts = [profile.given_name, profile.family_name]
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
