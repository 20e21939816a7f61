import { describe, expect, it } from 'vitest';
import { profileMet, profilesMet } from './evaluate.js';
import { scoresOf } from './gpg45.fixtures.js';
import { gpg45Profile as named, gpg45Profiles, type Gpg45Scores } from './profiles.js';

const scores = (pieces: string[], activity: number, fraud: number, verification: number) =>
  scoresOf([pieces, activity, fraud, verification]);

describe('profileMet', () => {
  it.each(gpg45Profiles.map((profile) => [profile.name, profile] as const))(
    '%s is met by its own scores, and not with any one score a point short',
    (_, profile) => {
      expect(profileMet(profile, profile)).toBe(true);
      const short: Gpg45Scores[] = [
        ...(['activity', 'fraud', 'verification'] as const)
          .filter((score) => profile[score] > 0)
          .map((score) => ({ ...profile, [score]: profile[score] - 1 })),
        ...profile.pieces.flatMap((_, index) =>
          (['strength', 'validity'] as const).map((part) => ({
            ...profile,
            pieces: profile.pieces.map((piece, other) =>
              other === index ? { ...piece, [part]: piece[part] - 1 } : piece,
            ),
          })),
        ),
        { ...profile, pieces: profile.pieces.slice(1) },
      ];
      for (const lower of short) expect(profileMet(profile, lower)).toBe(false);
    },
  );

  it.each([
    // [profile, evidence, activity, fraud, verification, met]
    ['M2B', ['22', '32'], 1, 1, 2, true], // slots filled in the other order
    ['M2B', ['32', '32'], 1, 1, 2, true],
    ['M2B', ['32'], 1, 1, 2, false], // one piece cannot fill two slots
    ['M2B', ['41', '23'], 1, 1, 2, false], // strong but weakly validated, and the reverse
    ['M2B', ['41', '23', '33'], 1, 1, 2, true], // 33 fills 32, 23 fills 22
    ['M3A', ['22', '22', '21'], 2, 2, 2, false],
    ['M3A', ['44', '44', '22', '00'], 2, 2, 2, true],
    ['L3A', ['11', '11'], 2, 1, 1, false],
    ['M1A', ['42'], 4, 4, 1, false],
    ['M1C', ['43'], 0, 0, 4, true],
  ] as const)('%s with %j, %i, %i, %i: %s', (name, pieces, activity, fraud, verification, met) => {
    expect(profileMet(named(name), scores([...pieces], activity, fraud, verification))).toBe(met);
  });
});

describe('profilesMet', () => {
  it('meets nothing without evidence, whatever the other scores', () => {
    expect(profilesMet(scores([], 4, 4, 4))).toEqual([]);
  });

  it('keeps to the profiles it is given', () => {
    expect(profilesMet(scores(['42'], 0, 1, 2), [named('M1B'), named('M1A')])).toEqual(['M1A']);
  });
});
