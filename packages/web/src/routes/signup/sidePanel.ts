import type { CheckName } from '@verity/contracts';
import type { ClientDetails } from '../../state/storage';

export type SignupPanel =
  { kind: 'proofWanted'; clientName: string; ways: CheckName[][] } | { kind: 'openBanking' } | null;

/**
 * The side panel of /signup (first document): the client wants proof of identity and no
 * choice is made yet; or, without a client, the generic open-banking panel; else none.
 */
export function signupPanel(
  client: ClientDetails | null,
  assuranceChoice: readonly CheckName[],
): SignupPanel {
  if (client === null) return { kind: 'openBanking' };
  if (client.assuranceRequired && assuranceChoice.length === 0) {
    return { kind: 'proofWanted', clientName: client.clientName, ways: client.assuranceWays };
  }
  return null;
}
