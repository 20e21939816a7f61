import { describe, expect, it } from 'vitest';
import { consentMessage, isSignedAt, type ConsentToSign } from './consentMessage.js';

const consent: ConsentToSign = {
  clientId: 'shop',
  requestId: 'req-1',
  userId: 'user-1',
  claims: ['email', 'given_name'],
};
const at = '2026-11-23T05:00:00.000Z';
const base = consentMessage(consent, at);

describe('consentMessage', () => {
  it('writes a fixed JSON array: purpose, client, request, user, sorted claims, time', () => {
    expect(base).toBe(
      '["verity-consent-v1","shop","req-1","user-1",["email","given_name"],"2026-11-23T05:00:00.000Z"]',
    );
  });

  it.each([
    ['claims in another order', { ...consent, claims: ['given_name', 'email'] }],
    ['a claim repeated', { ...consent, claims: ['email', 'given_name', 'email'] }],
  ])('is the same for %s', (_name, same) => {
    expect(consentMessage(same, at)).toBe(base);
  });

  it.each([
    ['another client', { ...consent, clientId: 'other' }, at],
    ['another request', { ...consent, requestId: 'req-2' }, at],
    ['another user', { ...consent, userId: 'user-2' }, at],
    ['one claim more', { ...consent, claims: [...consent.claims, 'phone_number'] }, at],
    ['one claim less', { ...consent, claims: ['email'] }, at],
    ['another time', consent, '2026-11-23T05:00:00.001Z'],
    // A value that could shift a field boundary in a naive concatenation.
    ['a comma in the client id', { ...consent, clientId: 'shop","req-1' }, at],
  ])('differs for %s', (_name, other, time) => {
    expect(consentMessage(other, time)).not.toBe(base);
  });

  it.each([
    ['no client id', { ...consent, clientId: '' }, at, 'no clientId'],
    ['no request id', { ...consent, requestId: '' }, at, 'no requestId'],
    ['no user id', { ...consent, userId: '' }, at, 'no userId'],
    ['an empty claim', { ...consent, claims: [''] }, at, 'empty claim'],
    ['a time with an offset', consent, '2026-11-23T06:00:00.000+01:00', 'signedAt'],
    ['a time without milliseconds', consent, '2026-11-23T05:00:00Z', 'signedAt'],
    ['an impossible date', consent, '2026-02-30T05:00:00.000Z', 'signedAt'],
  ])('refuses %s', (_name, bad, time, message) => {
    expect(() => consentMessage(bad, time)).toThrow(message);
  });

  it.each([
    [at, true],
    ['2026-11-23', false],
    ['not a time', false],
  ])('isSignedAt(%s) is %s', (value, expected) => {
    expect(isSignedAt(value)).toBe(expected);
  });
});
