import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, initialLanguage, loadWelsh, showLanguage } from './language';
import { pinCopy } from './pin';
import { formsCopy } from './forms';
import { navigationCopy } from './navigation';

describe('the language of the screens', () => {
  afterEach(async () => showLanguage('en'));

  it('reads English until Welsh is shown, then the lazily loaded Welsh catalogue', async () => {
    expect(currentLanguage()).toBe('en');
    expect(pinCopy.cancel).toBe('Cancel');
    expect(pinCopy.loginPrompt('Verity')).toBe('Enter Your Verity M-Pin');
    await showLanguage('cy');
    const welsh = await loadWelsh();
    expect(currentLanguage()).toBe('cy');
    expect(pinCopy.cancel).toBe(welsh.pinCopy.cancel);
    expect(pinCopy.cancel).toBe('Canslo');
    expect(pinCopy.loginPrompt('Verity')).toBe('Rhowch eich M-Pin Verity');
    expect(navigationCopy.otherLanguage).toBe('English');
    expect(formsCopy.mustInclude('Dyddiad geni', ['day', 'month'])).toBe(
      "Rhaid i'r dyddiad geni gynnwys diwrnod a mis",
    );
    await showLanguage('en');
    expect(pinCopy.cancel).toBe('Cancel');
    expect(navigationCopy.otherLanguage).toBe('Cymraeg');
  });

  it('keeps the English keys (what components and tests enumerate)', async () => {
    await showLanguage('cy');
    expect(Object.keys(pinCopy)).toContain('loginPrompt');
  });

  const page = (lang: string, cookie: string) => ({
    documentElement: { lang } as HTMLElement,
    cookie,
  });
  it.each([
    ['cy', '', 'cy'],
    ['en', 'verity_lang=cy', 'cy'],
    ['', 'other=1; verity_lang=cy; x=2', 'cy'],
    ['en', 'verity_lang=en', 'en'],
    ['en', 'verity_lang=fr', 'en'],
    ['en', 'xverity_lang=cy', 'en'],
    ['fr', '', 'en'],
  ])('starts in <html lang=%j> with cookies %j: %s', (lang, cookie, expected) => {
    expect(initialLanguage(page(lang, cookie))).toBe(expected);
  });
});
