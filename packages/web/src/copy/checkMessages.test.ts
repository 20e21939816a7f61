import { cardMessages, documentMessages, fieldMessages, licenceMessages } from '@verity/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMessageIn } from './checks';
import { showLanguage } from './language';

describe('checkMessageIn: a check form’s rule message in the language of the screens', () => {
  afterEach(async () => showLanguage('en'));

  it.each([
    [documentMessages.surnameRequired, 'Mae angen cyfenw'],
    [documentMessages.dateInvalid, 'Rhowch ddyddiad go iawn'],
    [documentMessages.givenTooLong, 'Rhaid i’r enwau cyntaf fod yn 100 nod neu lai'],
    [
      licenceMessages.numberMismatch,
      'Nid yw rhif y drwydded yrru yn cyfateb i’ch cyfenw a’ch dyddiad geni',
    ],
    // The same key in two sections: each message is found in its own.
    [licenceMessages.expired, 'Rhaid nad yw’r drwydded yrru wedi dod i ben'],
    [cardMessages.expired, 'Mae’r cerdyn hwn wedi dod i ben'],
    // Any other message (the server's own, already in Welsh) is left as it is.
    ['Mae angen cerdyn credyd ar Acme.', 'Mae angen cerdyn credyd ar Acme.'],
  ])('%j is %j in Welsh', async (english, welsh) => {
    await showLanguage('cy');
    expect(checkMessageIn(english)).toBe(welsh);
  });

  it('leaves every message as it is in English', () => {
    for (const message of [
      ...Object.values(documentMessages),
      ...Object.values(licenceMessages),
      ...Object.values(cardMessages),
    ])
      expect(checkMessageIn(message)).toBe(message);
    expect(documentMessages.dateInvalid).toBe(fieldMessages.realDate);
  });
});
