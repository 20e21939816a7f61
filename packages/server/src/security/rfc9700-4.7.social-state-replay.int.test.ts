import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser } from '../test/journey.js';
import { inParallel, warmConnections } from '../test/oidcAttacker.js';
import { newEmail, newSub, useSocialServer } from '../test/socialServer.js';

/**
 * RFC 9700 §4.7 (CSRF) with §4.4: Verity as a client of Google, Microsoft and Facebook. The
 * state of a sign-in with a provider is a single-use record: the provider's answer, sent 20
 * times at once, signs in once.
 */
describe.each(databaseTargets())('social sign-in state replay (%s)', (target) => {
  const social = useSocialServer(target);

  it('the provider answer for one state signs in once', async () => {
    const browser = new ApiBrowser(social.server());
    const { callback, state } = await social.visitProvider(browser, 'google', {
      sub: newSub(),
      email: newEmail(),
      email_verified: true,
    });
    await warmConnections(social.server(), 20);
    const answers = await inParallel(20, () =>
      browser.post('/api/login/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: social.callbackUri(),
        State: state,
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  });
});
