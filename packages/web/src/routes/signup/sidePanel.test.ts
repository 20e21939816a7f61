import { describe, expect, it } from 'vitest';
import type { ClientDetails } from '../../state/storage';
import { signupPanel } from './sidePanel';

const client = (assuranceRequired: boolean): ClientDetails => ({
  clientName: 'Acme Bank',
  clientLogo: null,
  assuranceRequired,
  sessionLifetime: null,
  pinRequired: false,
  assuranceWays: [['Passport'], ['DrivingLicence', 'KBVL1']],
  themeColours: null,
});

describe('signupPanel', () => {
  it('shows the open-banking panel without a client', () => {
    expect(signupPanel(null, [])).toEqual({ kind: 'openBanking' });
  });

  it('says the client wants proof while no check is chosen', () => {
    expect(signupPanel(client(true), [])).toEqual({
      kind: 'proofWanted',
      clientName: 'Acme Bank',
      ways: [['Passport'], ['DrivingLicence', 'KBVL1']],
    });
    expect(signupPanel(client(true), ['Passport'])).toBeNull();
  });

  it('shows nothing for a client that needs no proof', () => {
    expect(signupPanel(client(false), [])).toBeNull();
  });
});
