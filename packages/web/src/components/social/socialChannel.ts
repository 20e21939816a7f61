/** The BroadcastChannel the callback page reports on (same origin only, by design). */
export const SOCIAL_CHANNEL = 'verity-social';
