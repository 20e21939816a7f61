import { describe, expect, it } from 'vitest';
import {
  REFRESH_TOKEN_IDLE_SECONDS,
  REFRESH_TOKEN_LIFETIME_METADATA,
  familyLifetimeOf,
  grantSeconds,
  refreshTokenSeconds,
} from './refreshTokenLifetime.js';

const day = 24 * 3600;
const now = 1_800_000_000;

describe('refresh token lifetime', () => {
  it.each([
    ['a new family, 30 days', now, 30 * day, REFRESH_TOKEN_IDLE_SECONDS],
    ['rotated on day 10 of 30', now - 10 * day, 30 * day, REFRESH_TOKEN_IDLE_SECONDS],
    ['rotated on day 20 of 30: only what is left', now - 20 * day, 30 * day, 10 * day],
    ['rotated a minute before the end', now - 30 * day + 60, 30 * day, 60],
    ['a family shorter than the idle lifetime', now, 3600, 3600],
    ['past the end (never issued: the old token expired): one second', now - 31 * day, 30 * day, 1],
  ])('%s', (_name, familyStart, lifetime, expected) => {
    expect(refreshTokenSeconds({ iiat: familyStart }, lifetime, now)).toBe(expected);
  });

  it("reads the client's setting, or 30 days", () => {
    expect(familyLifetimeOf({ [REFRESH_TOKEN_LIFETIME_METADATA]: 3600 })).toBe(3600);
    expect(familyLifetimeOf({})).toBe(30 * day);
    expect(familyLifetimeOf({ [REFRESH_TOKEN_LIFETIME_METADATA]: 'long' })).toBe(30 * day);
    expect(familyLifetimeOf(undefined)).toBe(30 * day);
  });

  it('keeps a grant at least as long as its families', () => {
    expect(grantSeconds({ [REFRESH_TOKEN_LIFETIME_METADATA]: 90 * day })).toBe(90 * day);
    expect(grantSeconds({ [REFRESH_TOKEN_LIFETIME_METADATA]: 3600 })).toBe(
      REFRESH_TOKEN_IDLE_SECONDS,
    );
  });
});
