import { describe, expect, it } from 'vitest';
import { failureReason, isPermanentFailure } from './smtpEmail.js';

describe('SMTP failures', () => {
  it.each([
    // nodemailer's error, permanent?, what the log says
    [{ code: 'EENVELOPE', responseCode: 550 }, true, 'EENVELOPE 550'],
    [{ code: 'EENVELOPE', responseCode: 450 }, false, 'EENVELOPE 450'],
    [{ code: 'EMESSAGE', responseCode: 421 }, false, 'EMESSAGE 421'],
    [{ code: 'EAUTH', responseCode: 535 }, false, 'EAUTH 535'],
    [{ code: 'ECONNECTION' }, false, 'ECONNECTION'],
    [new Error('Your code is 123456'), false, 'unknown'],
    [undefined, false, 'unknown'],
  ])('%o: permanent %s, logged as %s', (error, permanent, reason) => {
    expect(isPermanentFailure(error)).toBe(permanent);
    expect(failureReason(error)).toBe(reason);
  });
});
