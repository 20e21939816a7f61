import { deliveryStatuses } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { didNotReach, pollingEnds, showsCodeEntry, verifyLabel } from './phoneStatus';

describe('phone statuses (spec, section 4)', () => {
  // status: [SMS code entry, SMS polling ends, voice code entry, voice polling ends]
  const table = {
    initiated: [false, false, false, false],
    queued: [false, false, false, false],
    sending: [false, false, false, false],
    sent: [false, false, false, false],
    delivered: [true, true, false, false],
    ringing: [false, false, false, false],
    'in-progress': [false, false, true, false],
    completed: [false, false, true, true],
    busy: [false, true, false, true],
    failed: [false, true, false, true],
    'no-answer': [false, true, false, true],
  } as const;

  it('covers every status', () => {
    expect(Object.keys(table).sort()).toEqual([...deliveryStatuses].sort());
  });

  it.each(Object.entries(table))('%s', (status, [smsEntry, smsEnds, voiceEntry, voiceEnds]) => {
    const value = status as keyof typeof table;
    expect(showsCodeEntry('sms', value)).toBe(smsEntry);
    expect(pollingEnds('sms', value)).toBe(smsEnds);
    expect(showsCodeEntry('voice', value)).toBe(voiceEntry);
    expect(pollingEnds('voice', value)).toBe(voiceEnds);
    expect(didNotReach(value)).toBe(['busy', 'failed', 'no-answer'].includes(value));
  });

  it("reads 'Answered...' only while the call speaks", () => {
    expect(verifyLabel('voice', 'in-progress')).toEqual({ answered: true });
    expect(verifyLabel('voice', 'completed')).toEqual({ answered: false });
    expect(verifyLabel('sms', 'in-progress')).toEqual({ answered: false });
  });
});
