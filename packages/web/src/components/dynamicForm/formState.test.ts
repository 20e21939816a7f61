import { fieldMessages, type FieldDefinition } from '@verity/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { showLanguage } from '../../copy/language';
import {
  detailsAsFieldErrors,
  fieldErrors,
  firstInvalidField,
  formReducer,
  initialFormState,
  initialValue,
  shownError,
  shownValid,
  submissionValues,
} from './formState';

const letters = "^[A-Za-z][A-Za-z '\\-]{0,99}$";
const fields: FieldDefinition[] = [
  {
    name: 'given_name',
    type: 'text',
    title: 'Given names',
    validators: [{ type: 'regex', regex: letters }],
  },
  { name: 'family_name', type: 'text', title: 'Family name', defaultValue: 'Lovelace' },
  { name: 'birthdate', type: 'date', title: 'Date of birth', min: '1900-01-01', max: 'today' },
  {
    name: 'title',
    type: 'dropdown',
    title: 'Title',
    choices: ['Mr', 'Ms', 'Dr'],
    defaultValue: 'Lord',
  },
  { name: 'address', type: 'address', title: 'Address' },
];
const today = new Date(Date.UTC(2026, 0, 1));

describe('initial values', () => {
  it('start from the known values, an address from its JSON', () => {
    const address = {
      postcode: 'M1 1AE',
      uprn: '9',
      text: '1 Piccadilly Gardens, Manchester',
      picklist: true,
    };
    const state = initialFormState([
      ...fields.slice(0, 4),
      { ...fields[4]!, defaultValue: JSON.stringify(address) },
    ]);
    expect(state.values).toEqual({
      given_name: '',
      family_name: 'Lovelace',
      birthdate: '',
      // No longer a choice: not shown as picked.
      title: '',
      address,
    });
    expect(state).toMatchObject({ touched: {}, submitted: false, serverErrors: {} });
  });

  it('an address without a known value is empty', () => {
    expect(initialValue(fields[4]!)).toEqual({ postcode: '', uprn: '', text: '', picklist: false });
  });
});

describe('messages', () => {
  afterEach(async () => showLanguage('en'));

  it('are in the language of the screens, told apart by key', async () => {
    await showLanguage('cy');
    const state = initialFormState(fields);
    expect(fieldErrors(fields, state.values, today)).toMatchObject({
      given_name: 'Gofynnol',
      address: 'Rhowch eich cod post',
    });
    const values = { ...state.values, given_name: 'Ada', birthdate: '2030-01-01' };
    expect(fieldErrors(fields, values, today).birthdate).toBe(
      "Rhaid i'r date of birth fod heddiw neu yn y gorffennol",
    );
  });

  it("are contracts' rules on the trimmed values", () => {
    const state = initialFormState(fields);
    expect(fieldErrors(fields, state.values, today)).toEqual({
      given_name: fieldMessages.required,
      family_name: null,
      birthdate: fieldMessages.required,
      title: fieldMessages.required,
      address: fieldMessages.enterPostcode,
    });
    const values = { ...state.values, given_name: ' Ada ', birthdate: '2030-01-01' };
    expect(fieldErrors(fields, values, today)).toMatchObject({ given_name: null });
    expect(fieldErrors(fields, values, today).birthdate).toMatch(/ must be today or in the past$/);
  });

  it.each([
    ['1990-02-31', 'Date of birth must be a real date'],
    ['1990-13-01', 'Date of birth must be a real date'],
    ['1990--1', 'Date of birth must include a month'],
    ['90-2-1', 'Year must include 4 numbers'],
  ])("say what is wrong with a date as typed (%j), before contracts' rules", (typed, message) => {
    const values = { ...initialFormState(fields).values, birthdate: typed };
    expect(fieldErrors(fields, values, today).birthdate).toBe(message);
  });

  it('show once the field is left or the form is sent', () => {
    let state = initialFormState(fields);
    expect(shownError(state, 'given_name', 'Required')).toBeNull();
    expect(shownValid(state, 'family_name', null)).toBe(false);
    state = formReducer(state, { type: 'touch', name: 'given_name' });
    expect(shownError(state, 'given_name', 'Required')).toBe('Required');
    expect(shownError(state, 'birthdate', 'Required')).toBeNull();
    state = formReducer(state, { type: 'submit' });
    expect(shownError(state, 'birthdate', 'Required')).toBe('Required');
    expect(shownValid(state, 'family_name', null)).toBe(true);
  });

  it("show the server's message until the field changes", () => {
    let state = formReducer(initialFormState(fields), {
      type: 'refused',
      errors: { family_name: 'This field is invalid' },
    });
    expect(state.submitted).toBe(true);
    expect(shownError(state, 'family_name', null)).toBe('This field is invalid');
    expect(shownValid(state, 'family_name', null)).toBe(false);
    state = formReducer(state, { type: 'change', name: 'family_name', value: 'Byron' });
    expect(shownError(state, 'family_name', null)).toBeNull();
    expect(state.values.family_name).toBe('Byron');
  });

  it('the first field with a message, in the form order', () => {
    expect(firstInvalidField(fields, { address: 'x', birthdate: 'y' })).toBe('birthdate');
    expect(firstInvalidField(fields, { family_name: null, other: 'z' })).toBeNull();
  });
});

describe('the reducer', () => {
  it('does not change the state it is given, and keeps a repeated touch the same', () => {
    const before = initialFormState(fields);
    const copy = structuredClone(before);
    const touched = formReducer(before, { type: 'touch', name: 'given_name' });
    formReducer(before, { type: 'change', name: 'given_name', value: 'Ada' });
    expect(before).toEqual(copy);
    expect(formReducer(touched, { type: 'touch', name: 'given_name' })).toBe(touched);
  });
});

describe('submissionValues', () => {
  it('sends every field, text trimmed and the postcode tidied', () => {
    const state = initialFormState(fields);
    const values = {
      ...state.values,
      given_name: '  Ada ',
      birthdate: '1815-12-10',
      title: 'Dr',
      address: {
        postcode: 'sw1a2aa',
        uprn: '9',
        text: ' 10 Downing Street, London ',
        picklist: true,
      },
    };
    expect(submissionValues(fields, values)).toEqual({
      given_name: 'Ada',
      family_name: 'Lovelace',
      birthdate: '1815-12-10',
      title: 'Dr',
      address: {
        postcode: 'SW1A 2AA',
        uprn: '9',
        text: '10 Downing Street, London',
        picklist: true,
      },
    });
  });
});

describe('detailsAsFieldErrors', () => {
  it('reads { name: message }', () => {
    expect(detailsAsFieldErrors({ given_name: 'Required', x: 3 })).toEqual({
      given_name: 'Required',
    });
  });
  it('is null for anything else', () => {
    for (const details of [undefined, null, 'Required', ['Required'], {}, { a: '' }]) {
      expect(detailsAsFieldErrors(details)).toBeNull();
    }
  });
});
