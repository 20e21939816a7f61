import { describe, expect, it } from 'vitest';
import { profileMet } from './evaluate.js';
import {
  firstMatchFixtures,
  govukProfiles,
  p2SupportedFixtures,
  profileFixtures,
  scoresOf,
  votOfProfileFixtures,
} from './gpg45.fixtures.js';
import { acceptedProfiles, assuranceLevels, firstProfileMet, levelProfiles } from './levels.js';
import { gpg45Profile, gpg45Profiles } from './profiles.js';

describe("GOV.UK's profile table (Gpg45Profile.java)", () => {
  it('is the table here: the same profiles, in the same order, with the same scores', () => {
    expect(
      gpg45Profiles.map(({ name, pieces, activity, fraud, verification }) => ({
        name,
        scores: { pieces, activity, fraud, verification },
      })),
    ).toEqual(govukProfiles.map(([name, scores]) => ({ name, scores: scoresOf(scores) })));
  });
});

describe("GOV.UK's profile assertions", () => {
  it.each(
    profileFixtures.map(
      (fixture) =>
        [fixture.profile, fixture.met ? 'met' : 'not met', fixture.scores, fixture] as const,
    ),
  )('%s %s by %j', (_, __, ___, fixture) => {
    expect(profileMet(gpg45Profile(fixture.profile), scoresOf(fixture.scores))).toBe(fixture.met);
  });
});

describe("GOV.UK's first matching profile", () => {
  it.each(firstMatchFixtures.map((fixture) => [fixture.source, fixture] as const))(
    '%s',
    (_, fixture) => {
      const profiles = Array.isArray(fixture.profiles)
        ? fixture.profiles.map(gpg45Profile)
        : acceptedProfiles(fixture.profiles.level, fixture.profiles.fraudScoreRequired);
      expect(firstProfileMet(scoresOf(fixture.scores), profiles)).toBe(fixture.first);
    },
  );
});

describe("GOV.UK's Vots", () => {
  it.each(votOfProfileFixtures)('%s: %s is %s', (_, profile, vot) => {
    expect(assuranceLevels.filter((level) => levelProfiles[level].includes(profile))).toEqual(
      vot ? [vot] : [],
    );
  });

  it.each(p2SupportedFixtures)(
    '%s: with a fraud score required (%s), P2 tries %j',
    (_, fraudScoreRequired, profiles) => {
      expect(acceptedProfiles('P2', fraudScoreRequired).map((profile) => profile.name)).toEqual(
        profiles,
      );
    },
  );
});
