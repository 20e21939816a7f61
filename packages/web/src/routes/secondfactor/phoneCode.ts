import { phoneCodePattern, type PhoneCodeLength } from '@verity/contracts';
import { secondFactorCopy } from '../../copy/secondFactor';

/**
 * What an SMS or voice code must look like on this deployment: the length the start call
 * answered (SECOND_FACTOR_CODE_LENGTH), and the message that names it.
 */
export function phoneCodeRule(length: PhoneCodeLength): { pattern: RegExp; message: string } {
  return { pattern: phoneCodePattern(length), message: secondFactorCopy.phoneCodeFormat(length) };
}
