import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';
import { textColourOn, themeColourProblems, themeColours } from './themeColours.js';

describe('themeColourProblems', () => {
  it.each([
    ['#1f4fd1', '#8fb0ff'],
    ['#000000', '#ffffff'],
    ['#0b6b4f', '#5fcf9f'],
    ['#AA3300', '#ffb38a'],
  ])('accepts %s with %s', (primary, primaryDark) => {
    expect(themeColourProblems(primary, primaryDark)).toEqual([]);
  });

  it.each([
    // Bootstrap's blue: 4.50:1 on white but 4.12:1 on the light page background.
    ['#0d6efd', '#8fb0ff', /light scheme's primary colour #0d6efd has a contrast of 4\.12:1/],
    ['#ffcc00', '#8fb0ff', /light scheme's .* 1\.\d\d:1 against its background/],
    // One colour for both schemes: dark enough for light is too dark for dark.
    ['#1f4fd1', '#1f4fd1', /dark scheme's primary colour #1f4fd1 has a contrast of 2\.44:1/],
    ['#1f4fd1', '#ffffff', null],
    ['blue', '#8fb0ff', /--theme-primary must be a colour written #rrggbb, got: blue/],
    ['#1f4fd1', '#8fb0f', /--theme-primary-dark must be a colour written #rrggbb/],
    ['#1f4fd1', 'url(x)', /--theme-primary-dark must be a colour written #rrggbb/],
  ])('%s with %s: %s', (primary, primaryDark, problem) => {
    const problems = themeColourProblems(primary, primaryDark);
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems).toEqual([expect.stringMatching(problem)]);
  });

  it('names each problem when both colours fail', () => {
    expect(themeColourProblems('#8fb0ff', '#1f4fd1')).toHaveLength(2);
  });
});

describe('textColourOn', () => {
  it.each([
    ['#1f4fd1', '#ffffff'],
    ['#8fb0ff', '#111418'],
    ['#ffff00', '#111418'],
    ['#000000', '#ffffff'],
    // Mid-grey: white reads (barely) better.
    ['#777777', '#ffffff'],
  ])('on %s the button text is %s', (primary, text) => {
    expect(textColourOn(primary)).toBe(text);
  });

  it('leaves a mid-grey primary whose best text falls short to the check', () => {
    expect(contrastRatio('#777777', textColourOn('#777777'))).toBeLessThan(4.5);
    expect(themeColourProblems('#777777', '#8fb0ff')).toContainEqual(
      expect.stringMatching(/button text #ffffff a contrast of 4\.4\d:1/),
    );
  });
});

describe('themeColours', () => {
  it('writes colours in lower case with their button text', () => {
    expect(themeColours('#AA3300', '#FFB38A')).toEqual({
      primary: '#aa3300',
      primaryDark: '#ffb38a',
      onPrimary: '#ffffff',
      onPrimaryDark: '#111418',
    });
  });
});
