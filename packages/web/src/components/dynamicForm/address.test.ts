import { validateFieldValue, fieldMessages, type FieldDefinition } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { AddressItem } from '../../api/profile';
import {
  addressFromItem,
  addressText,
  afterLookup,
  emptyAddress,
  initialMode,
  lookupFailure,
  parseAddressValue,
  selectedKey,
  toLookup,
  toManual,
  uprnOf,
  withPostcode,
} from './address';

const field: FieldDefinition = { name: 'address', type: 'address', title: 'Address' };

const downing = (number: string, uprn: string): AddressItem => ({
  key: `sandbox_SW1A2AA_${uprn}`,
  value: {
    line_1: `${number} Downing Street`,
    line_2: '',
    post_town: 'London',
    postcode: 'SW1A 2AA',
  },
});

describe('uprnOf', () => {
  it('is the last segment of the key after an underscore', () => {
    expect(uprnOf('paf_12345678')).toBe('12345678');
    expect(uprnOf('a_b_c_900000001')).toBe('900000001');
    expect(uprnOf('900000001')).toBe('900000001');
  });
});

describe('addressText', () => {
  it('joins the lines and town, leaving out empty parts', () => {
    expect(addressText(downing('10', '1').value)).toBe('10 Downing Street, London');
    expect(
      addressText({
        line_1: 'Flat 1',
        line_2: ' 1 St Martins Le Grand ',
        post_town: 'London',
        postcode: 'EC1A 1BB',
      }),
    ).toBe('Flat 1, 1 St Martins Le Grand, London');
    expect(addressText({ line_1: '', line_2: '', post_town: 'London', postcode: '' })).toBe(
      'London',
    );
  });
});

describe('addressFromItem', () => {
  it('is a picked address with its uprn, text and normalised postcode', () => {
    expect(addressFromItem(downing('11', '900000011'), 'SW1A 2AA')).toEqual({
      postcode: 'SW1A 2AA',
      uprn: '900000011',
      text: '11 Downing Street, London',
      picklist: true,
    });
    const item = {
      ...downing('10', '9'),
      value: { ...downing('10', '9').value, postcode: 'sw1a2aa' },
    };
    expect(addressFromItem(item, 'SW1A 2AA').postcode).toBe('SW1A 2AA');
  });

  it('passes the rules', () => {
    expect(validateFieldValue(field, addressFromItem(downing('10', '9'), 'SW1A 2AA'))).toBeNull();
  });
});

describe('selectedKey', () => {
  const items = [downing('10', '10'), downing('11', '11')];
  it('finds the item the value was picked from', () => {
    expect(selectedKey(addressFromItem(items[1]!, 'SW1A 2AA'), items)).toBe(items[1]!.key);
  });
  it('is empty when nothing was picked', () => {
    expect(selectedKey(afterLookup('SW1A 2AA', 2), items)).toBe('');
    expect(selectedKey({ ...addressFromItem(items[0]!, 'SW1A 2AA'), picklist: false }, items)).toBe(
      '',
    );
  });
});

describe('parseAddressValue', () => {
  it('reads a known value', () => {
    const value = {
      postcode: 'SW1A 1AA',
      uprn: '9',
      text: 'Buckingham Palace, London',
      picklist: true,
    };
    expect(parseAddressValue(JSON.stringify(value))).toEqual(value);
  });
  it('fills in a missing uprn and flag', () => {
    expect(parseAddressValue('{"postcode":"M1 1AE","text":"1 Piccadilly Gardens"}')).toEqual({
      postcode: 'M1 1AE',
      uprn: '',
      text: '1 Piccadilly Gardens',
      picklist: false,
    });
  });
  it('is null for anything else', () => {
    for (const raw of [undefined, '', 'not json', '"text"', 'null', '{"postcode":1,"text":""}']) {
      expect(parseAddressValue(raw)).toBeNull();
    }
  });
});

describe('the address messages at each moment (contracts rules on these values)', () => {
  const messageOf = (value: unknown) => validateFieldValue(field, value);

  it('asks for the postcode first, then a valid one', () => {
    expect(messageOf(emptyAddress())).toBe(fieldMessages.enterPostcode);
    expect(messageOf(withPostcode(emptyAddress(), 'SW1A', 'lookup'))).toBe(
      fieldMessages.validPostcode,
    );
  });

  it('asks to find and select before a lookup, and to select after one', () => {
    const typed = withPostcode(emptyAddress(), 'sw1a 2aa', 'lookup');
    expect(messageOf(typed)).toBe(fieldMessages.findAndSelect);
    expect(messageOf(afterLookup('SW1A 2AA', 3))).toBe(fieldMessages.selectAddress);
    expect(messageOf(afterLookup('AB1 2DE', 0))).toBe(fieldMessages.findAndSelect);
  });
});

describe('withPostcode', () => {
  const picked = addressFromItem(downing('10', '10'), 'SW1A 2AA');

  it('keeps the picked address when only the spelling of the postcode changes', () => {
    expect(withPostcode(picked, 'sw1a2aa', 'lookup')).toEqual({ ...picked, postcode: 'sw1a2aa' });
  });

  it('drops the picked address for another postcode', () => {
    expect(withPostcode(picked, 'SW1A 1AA', 'lookup')).toEqual({
      postcode: 'SW1A 1AA',
      uprn: '',
      text: '',
      picklist: false,
    });
  });

  it('keeps typed text in manual mode', () => {
    const typed = { postcode: 'AB1 2CD', uprn: '', text: '1 High Street', picklist: false };
    expect(withPostcode(typed, 'AB1 2CE', 'manual')).toEqual({ ...typed, postcode: 'AB1 2CE' });
  });
});

describe('switching modes', () => {
  const picked = addressFromItem(downing('10', '10'), 'SW1A 2AA');

  it('manual keeps the picked text as a start, without uprn or picklist', () => {
    expect(toManual(picked)).toEqual({
      postcode: 'SW1A 2AA',
      uprn: '',
      text: '10 Downing Street, London',
      picklist: false,
    });
  });

  it('back to the lookup keeps only the postcode', () => {
    expect(toLookup(toManual(picked))).toEqual({
      postcode: 'SW1A 2AA',
      uprn: '',
      text: '',
      picklist: false,
    });
  });

  it('opens a value typed by hand in manual mode, anything else in lookup mode', () => {
    expect(initialMode(toManual(picked))).toBe('manual');
    expect(initialMode(picked)).toBe('lookup');
    expect(initialMode(emptyAddress())).toBe('lookup');
  });
});

describe('lookupFailure', () => {
  it('reads the error codes of GET /api/address', () => {
    expect(lookupFailure(new ApiError('validation_failed', 400))).toBe('invalid');
    expect(lookupFailure(new ApiError('service_unavailable', 503))).toBe('unavailable');
    expect(lookupFailure(new ApiError('rate_limited', 429))).toBe('failed');
    expect(lookupFailure(new Error('boom'))).toBe('failed');
  });
});
