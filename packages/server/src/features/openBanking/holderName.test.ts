import { describe, expect, it } from 'vitest';
import {
  accountHolders,
  holderNameScore,
  nameTokens,
  namesSeveralHolders,
  profileNameOf,
} from './holderName.js';

const ada = { givenNames: 'Ada', familyName: 'Lovelace' };
const adaMiddle = { givenNames: 'Augusta Ada', familyName: 'King-Lovelace' };

describe('nameTokens', () => {
  it.each([
    ['Ada Lovelace', ['ada', 'lovelace']],
    ['  MRS  ADA   LOVELACE ', ['ada', 'lovelace']],
    ['Dr. A. Lovelace PhD', ['a', 'lovelace']],
    ['Zoë Brontë', ['zoe', 'bronte']],
    ["Seán O'Brien", ['sean', 'obrien']],
    ['Mary-Jane Smith-Jones', ['mary', 'jane', 'smith', 'jones']],
    ['', []],
  ])('%j gives %j', (name, tokens) => {
    expect(nameTokens(name)).toEqual(tokens);
  });
});

describe('holderNameScore', () => {
  it.each([
    ['the same name', 'Ada Lovelace', ada, 100],
    ['another case and a title', 'MRS ADA LOVELACE', ada, 100],
    ['family name first', 'LOVELACE ADA', ada, 100],
    ['family name first, with a comma', 'LOVELACE, ADA', ada, 100],
    ['family name first, with a comma and an initial', 'Lovelace, A.', ada, 85],
    ['an initial', 'A Lovelace', ada, 85],
    ['an initial with a dot, family first', 'LOVELACE A.', ada, 85],
    ['accents on one side only', 'Ada Lovelacé', ada, 100],
    ['a middle name the profile lacks', 'Ada Augusta Lovelace', ada, 90],
    ['the profile middle name left out', 'Augusta King-Lovelace', adaMiddle, 100],
    ['the middle name as an initial', 'Augusta A King Lovelace', adaMiddle, 100],
    ['initials run together', 'AA King Lovelace', adaMiddle, 85],
    ['no given name at all', 'Lovelace', ada, 50],
    ['only half a double-barrelled family name', 'Augusta Lovelace', adaMiddle, 0],
    ['another family name', 'Ada Byron', ada, 0],
    ['another person', 'Charles Babbage', ada, 0],
    ['a different given name in full', 'Beth Lovelace', ada, 40],
    ['a joint account, the user second', 'Mr C Babbage & Mrs A Lovelace', ada, 85],
    ['a joint account written with and', 'Charles Babbage and Ada Lovelace', ada, 100],
    ['an empty holder', '', ada, 0],
    ['a profile without names', 'Ada Lovelace', { givenNames: '', familyName: '' }, 0],
  ])('%s: %j scores %s', (_case, holder, profile, score) => {
    expect(holderNameScore(holder, profile)).toBe(score);
  });
});

describe('accountHolders and namesSeveralHolders', () => {
  it.each([
    ['Ada Lovelace', ['Ada Lovelace'], false],
    ['LOVELACE, ADA', ['LOVELACE, ADA'], false],
    ['Mr A Lovelace & Mrs B Byron', ['Mr A Lovelace', 'Mrs B Byron'], true],
    ['Ada Lovelace and Mary Somerville', ['Ada Lovelace', 'Mary Somerville'], true],
    ['Ada Lovelace, Mary Somerville', ['Ada Lovelace', 'Mary Somerville'], true],
    ['A LOVELACE/M SOMERVILLE', ['A LOVELACE', 'M SOMERVILLE'], true],
    ['Mr & Mrs Lovelace', ['Mrs Lovelace'], true],
    ['Ada Anderson', ['Ada Anderson'], false],
  ])('%j lists %j (joint: %s)', (name, holders, joint) => {
    expect(accountHolders(name)).toEqual(holders);
    expect(namesSeveralHolders(name)).toBe(joint);
  });
});

describe('profileNameOf', () => {
  it.each([
    ['Ada Lovelace', { givenNames: 'Ada', familyName: 'Lovelace' }],
    ['Mrs Augusta Ada King', { givenNames: 'Augusta Ada', familyName: 'King' }],
    ['Lovelace', null],
    ['Dr', null],
    ['Ada Lovelace & Mary Somerville', null],
    ['Mr & Mrs Lovelace', null],
  ])('%j gives %j', (name, expected) => {
    expect(profileNameOf(name)).toEqual(expected);
  });
});
