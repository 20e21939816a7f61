import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { clientSecretShare, createMasterShare, decodeScalar, userKeyShare } from '@verity/pin';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config.js';
import { RemoteAuthority } from './remoteAuthority.js';

export interface IssuedShares {
  /** s_i·A, for the browser. */
  clientShare: string;
  /** s_i·Pa, for the verifier only. */
  keyShare: string;
}

/**
 * What the PIN routes see of an authority: in this process (ShareAuthority) or its own
 * service over HTTP (RemoteAuthority, PIN_AUTHORITY_2_URL). A remote authority that does not
 * answer is ApiError pin_authority_unavailable (503), logged on `log`.
 */
export interface AuthorityClient {
  readonly name: string;
  issue(mpinId: string, publicKey: string, log?: FastifyBaseLogger): Promise<IssuedShares>;
}

/**
 * One secret-share authority of the PIN scheme ("dta"). It holds its own master share and
 * nothing else: it answers a client secret share s_i·A to the browser and a key share s_i·Pa
 * for the verifier only. Two instances, each with its own key material, serve the two shares;
 * neither can compute a client secret or a verification key alone (docs/pin-protocol.md).
 */
export class ShareAuthority implements AuthorityClient {
  constructor(
    readonly name: string,
    private readonly masterShare: string,
  ) {
    decodeScalar(masterShare, `${name} master share`);
  }

  /** s_i·A for the browser, and s_i·Pa, which must go to the verifier only. */
  issue(mpinId: string, publicKey: string): Promise<IssuedShares> {
    return Promise.resolve({
      clientShare: clientSecretShare(this.masterShare, mpinId),
      keyShare: userKeyShare(this.masterShare, publicKey),
    });
  }
}

export const AUTHORITY_NAMES = ['verity-dta-1', 'verity-dta-2'] as const;

/**
 * Each authority's master share: PIN_AUTHORITY_n_SHARE, or (embedded default only) generated
 * on first start into its own file in DATA_DIR, mode 0600. With PostgreSQL several instances
 * share the identities, so the shares must be supplied. With PIN_AUTHORITY_2_URL, authority 2
 * is its own service (packages/server/src/authority/) and Verity holds no second share.
 */
export function loadAuthorities(config: Config): [AuthorityClient, AuthorityClient] {
  const load = (index: 0 | 1): AuthorityClient => {
    const name = AUTHORITY_NAMES[index];
    if (index === 1 && config.pinAuthority2Remote)
      return new RemoteAuthority(name, config.pinAuthority2Remote);
    const supplied = config.pinAuthorityShares[index];
    if (supplied) return new ShareAuthority(name, supplied);
    if (config.databaseUrl) {
      throw new ConfigError(
        `With DATABASE_URL, PIN_AUTHORITY_${index + 1}_SHARE must be supplied (see docs/configuration.md)`,
      );
    }
    const file = path.join(config.dataDir, `pin-authority-${index + 1}.json`);
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(file, JSON.stringify({ masterShare: createMasterShare() }), {
        mode: 0o600,
        flag: 'wx',
      });
    }
    chmodSync(file, 0o600);
    const { masterShare } = JSON.parse(readFileSync(file, 'utf8')) as { masterShare: string };
    return new ShareAuthority(name, masterShare);
  };
  return [load(0), load(1)];
}
