import { builtInThemes } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { themeStyle } from './themeStyle';

describe('themeStyle', () => {
  it('sets the colours of both schemes, with their channels for Bootstrap', () => {
    expect(themeStyle(builtInThemes.forest)).toEqual({
      '--theme-primary': '#0b6b4f',
      '--theme-primary-rgb': '11, 107, 79',
      '--theme-on-primary': '#ffffff',
      '--theme-primary-dark': '#5fcf9f',
      '--theme-primary-dark-rgb': '95, 207, 159',
      '--theme-on-primary-dark': '#111418',
    });
  });

  it.each([null, undefined])('sets nothing without a request (%s)', (colours) => {
    expect(themeStyle(colours)).toEqual({});
  });

  it('refuses a colour that is not #rrggbb rather than write it into a style', () => {
    expect(() =>
      themeStyle({ ...builtInThemes.default, primary: 'red;background:url(x)' }),
    ).toThrow('not a #rrggbb colour');
  });
});
