import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { earlierRequirement, publicCall, type StepName } from './access.js';
import { registerJourney } from './plugin.js';

describe('earlierRequirement (the order of a sign-in request)', () => {
  it.each<[StepName, Parameters<typeof earlierRequirement>[1], string | null]>([
    // The second factor of a user who has one comes before anything personal.
    ['profile', ['loginWithSecondFactor', 'setupProfile', 'consent'], 'loginWithSecondFactor'],
    ['consent', ['loginWithSecondFactor', 'consent'], 'loginWithSecondFactor'],
    ['check', ['setupSecondFactor', 'assurance'], 'setupSecondFactor'],
    // Setting the second factor up is itself the first step.
    ['secondFactorSetup', ['setupSecondFactor', 'setupMPin', 'consent'], null],
    // A PIN does not stand in for a demanded second factor: it waits for it.
    ['pinSetup', ['setupSecondFactor', 'setupMPin'], 'setupSecondFactor'],
    ['pinSetup', ['setupMPin', 'setupProfile'], null],
    // Profile and checks after the PIN, within their own tier in any order.
    ['profile', ['setupMPin', 'setupProfile'], 'setupMPin'],
    ['profile', ['assurance', 'setupProfile', 'consent'], null],
    ['check', ['setupProfile', 'assurance'], null],
    ['assurance', ['assuranceProfileCapturePossible'], null],
    // Consent once the data it releases is there.
    ['consent', ['setupProfile', 'consent'], 'setupProfile'],
    ['consent', ['assurance', 'consent'], 'assurance'],
    ['consent', ['consent'], null],
    ['generateResponse', ['consent'], 'consent'],
    ['generateResponse', [], null],
  ])('%s with %j outstanding: %s', (step, outstanding, expected) => {
    expect(earlierRequirement(step, outstanding)).toBe(expected);
  });
});

describe('registerJourney', () => {
  it('refuses at start-up a route that declares no access', async () => {
    const app = Fastify();
    registerJourney(app, {} as AppContext);
    app.get('/api/declared', { config: { access: publicCall } }, async () => ({}));
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
      /GET \/api\/undeclared declares no access/,
    );
    await app.close();
  });
});
