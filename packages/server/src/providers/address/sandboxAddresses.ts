import { AddressProviderError, type AddressItem, type AddressProvider } from './addressProvider.js';

type Row = [uprn: string, line1: string, line2: string, town: string];

/**
 * The sandbox's addresses, in the format a commercial lookup answers. Postcodes and test
 * data are listed in docs/sandbox.md. Addresses are made up in the real format; the UPRNs are
 * in a range no real property uses (9 followed by eleven digits).
 */
const data: Record<string, Row[]> = {
  'SW1A 1AA': [['900000000001', 'Buckingham Palace', '', 'London']],
  'SW1A 2AA': [
    ['900000000011', '10 Downing Street', '', 'London'],
    ['900000000012', '11 Downing Street', '', 'London'],
    ['900000000013', '12 Downing Street', '', 'London'],
  ],
  'EC1A 1BB': Array.from({ length: 8 }, (_, i): Row => [
    `9000000001${String(i + 1).padStart(2, '0')}`,
    `Flat ${i + 1}`,
    '1 St Martins Le Grand',
    'London',
  ]),
  'M1 1AE': [
    ['900000000201', '1 Piccadilly Gardens', '', 'Manchester'],
    ['900000000202', '2 Piccadilly Gardens', '', 'Manchester'],
  ],
  'B33 8TH': [
    ['900000000301', '1 Yardley Green Road', 'Stechford', 'Birmingham'],
    ['900000000302', '3 Yardley Green Road', 'Stechford', 'Birmingham'],
    ['900000000303', '5 Yardley Green Road', 'Stechford', 'Birmingham'],
  ],
  'CR2 6XH': [['900000000401', '14 Selsdon Road', 'South Croydon', 'Croydon']],
  'DN55 1PT': [['900000000501', 'Royal Mail Test Centre', 'Wheatley Hall Road', 'Doncaster']],
};

export const sandboxPostcodes = Object.keys(data);

/** A valid-format postcode whose lookup fails, as a real provider's outage would. */
export const SANDBOX_OUTAGE_POSTCODE = 'ZE9 9ZZ';

export class SandboxAddressProvider implements AddressProvider {
  readonly name = 'sandbox';

  async lookup(postcode: string): Promise<AddressItem[]> {
    if (postcode === SANDBOX_OUTAGE_POSTCODE)
      throw new AddressProviderError('sandbox outage postcode');
    return (data[postcode] ?? []).map(([uprn, line_1, line_2, post_town]) => ({
      key: `sandbox_${postcode.replace(' ', '')}_${uprn}`,
      value: { line_1, line_2, post_town, postcode },
    }));
  }
}
