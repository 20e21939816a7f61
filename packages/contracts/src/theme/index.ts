export * from './contrast.js';
export * from './themeColours.js';
export * from './builtInThemes.js';
export * from './brandMark.js';
