import { describe, expect, it } from 'vitest';
import { profilesMet } from './evaluate.js';
import { fixtureScores, gpg45Fixtures } from './gpg45.fixtures.js';

describe('GOV.UK fixtures', () => {
  it.each(gpg45Fixtures.map((fixture) => [fixture.source, fixture] as const))(
    '%s',
    (_, fixture) => {
      expect(profilesMet(fixtureScores(fixture))).toEqual(fixture.profiles);
    },
  );
});
