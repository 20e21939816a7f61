import { describe, expect, it } from 'vitest';
import { isStaleUser, signedInEmail } from './signedIn';

const ada = { email: 'ada@example.com', userReqs: [] };

describe('isStaleUser', () => {
  it('keeps a user the server still has signed in', () => {
    expect(isStaleUser(ada, { loggedIn: true, email: 'ada@example.com' })).toBe(false);
    expect(isStaleUser(ada, { loggedIn: true, email: null })).toBe(false);
    expect(isStaleUser(null, { loggedIn: false, email: null })).toBe(false);
  });

  it('drops a user signed out since, or replaced by someone else', () => {
    expect(isStaleUser(ada, { loggedIn: false, email: null })).toBe(true);
    expect(isStaleUser(ada, { loggedIn: true, email: 'bob@example.com' })).toBe(true);
  });
});

describe('signedInEmail', () => {
  it("prefers the server's answer, then the stored user", () => {
    expect(signedInEmail(ada, { loggedIn: true, email: 'bob@example.com' })).toBe(
      'bob@example.com',
    );
    expect(signedInEmail(ada, null)).toBe('ada@example.com');
    expect(signedInEmail(null, { loggedIn: false, email: null })).toBeNull();
    expect(signedInEmail({ email: '', userReqs: [] }, null)).toBeNull();
  });
});
