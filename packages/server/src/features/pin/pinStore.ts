import {
  createVerifierKey,
  encodePoint,
  encodeStoredG1,
  readStoredG1,
  readVerifierKey,
  type G1Point,
  type VerifierKey,
} from '@verity/pin';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database, PinIdentityTable } from '../../db/schema.js';
import { FlowRecords } from '../../flows/flowRecords.js';
import type { EnrolmentStrength } from './strength.js';

/** Wrong PINs in a row that revoke an identity. */
export const MAX_PIN_ATTEMPTS = 3;
export const REGISTRATION_TTL_MS = 10 * 60_000;
export const CHALLENGE_TTL_MS = 60_000;
export const AUTH_OTT_TTL_MS = 60_000;
/** A dvsRegister token: long enough to register a signing identity right after the login. */
export const DVS_TOKEN_TTL_MS = 5 * 60_000;

export type PinIdentity = Selectable<PinIdentityTable>;

/** High-entropy one-time tokens are stored as their SHA-256 only. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * PIN registrations, identities, pass-1 challenges and authOTTs. A registration is a flow
 * record, used up by FlowRecords.consume; the other single-use records are consumed with one
 * DELETE … RETURNING, and the wrong-PIN counter moves with one conditional UPDATE, so parallel
 * requests cannot use a record twice or pass the attempt limit.
 */
/**
 * An identity's stored key failed its authentication: changed in storage, or copied from
 * another identity (the field encryption binds it to its row). The identity cannot be used.
 */
export class UnreadablePinKey extends Error {
  constructor(readonly identityId: string) {
    super("a PIN identity's stored key does not decrypt");
    this.name = 'UnreadablePinKey';
  }
}

export class PinStore {
  /** Registrations count no attempts: the activation token is 256 random bits. */
  private readonly registrations: FlowRecords<'pin_registrations'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {
    this.registrations = new FlowRecords(db, 'pin_registrations', null, now);
  }

  async startRegistration(userId: string, clientId: string): Promise<string> {
    const actToken = newToken();
    await this.db
      .insertInto('pin_registrations')
      .values({
        id: randomUUID(),
        user_id: userId,
        client_id: clientId,
        act_token_hash: tokenHash(actToken),
        attempts: 0,
        expires_at: this.now() + REGISTRATION_TTL_MS,
        consumed_at: null,
        created_at: this.now(),
      })
      .execute();
    return actToken;
  }

  /** The registration an activation token names, left in place (the PUT uses it up). */
  async findRegistration(actToken: string) {
    const row = await this.registrationOf(actToken);
    if (!row) return { status: 'missing' as const };
    if (row.expires_at < this.now()) return { status: 'expired' as const };
    return { status: 'ok' as const, userId: row.user_id, clientId: row.client_id };
  }

  /**
   * Consumes a registration by its activation token: missing (or used), expired, or this
   * user's. Only the one FlowRecords.consume that sets consumed_at gets 'ok'; an expired one
   * is retired on its first use, so like a used one it is missing afterwards.
   */
  async takeRegistration(actToken: string) {
    const row = await this.registrationOf(actToken);
    if (!row) return { status: 'missing' as const };
    if (row.expires_at < this.now())
      return (await this.registrations.retire({ id: row.id })) === 1
        ? { status: 'expired' as const }
        : { status: 'missing' as const };
    const taken = await this.registrations.consume(row.id, { act_token_hash: row.act_token_hash });
    if (!taken) return { status: 'missing' as const };
    return { status: 'ok' as const, userId: taken.user_id, clientId: taken.client_id };
  }

  /** An unused registration by its activation token (only its hash is stored). */
  private async registrationOf(actToken: string) {
    return this.db
      .selectFrom('pin_registrations')
      .selectAll()
      .where('act_token_hash', '=', tokenHash(actToken))
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
  }

  async createIdentity(input: {
    mpinId: string;
    userId: string;
    clientId: string;
    deviceName: string;
    /** The amr and acr of the login that enrolls it: a PIN login is worth no more. */
    strength: EnrolmentStrength;
    /** A signing identity: the login identity it was registered from, and its Pa. */
    signingFor?: { parentId: string; publicKey: string };
  }): Promise<{ regOTT: string }> {
    const regOTT = newToken();
    await this.db
      .insertInto('pin_identities')
      .values({
        id: randomUUID(),
        mpin_id: input.mpinId,
        mpin_id_hash: tokenHash(input.mpinId),
        user_id: input.userId,
        client_id: input.clientId,
        device_name: input.deviceName,
        public_key: null,
        key_share_1: null,
        key_share_2: null,
        server_key: null,
        state: 'registering',
        failed_attempts: 0,
        reg_ott_hash: tokenHash(regOTT),
        cs2_token_hash: null,
        reg_expires_at: this.now() + REGISTRATION_TTL_MS,
        created_at: this.now(),
        last_used_at: null,
        ...input.strength,
        ...(input.signingFor
          ? {
              kind: 'signing' as const,
              parent_id: input.signingFor.parentId,
              pending_public_key: input.signingFor.publicKey,
            }
          : {}),
      })
      .execute();
    return { regOTT };
  }

  async findByMpinId(mpinId: string, clientId: string): Promise<PinIdentity | undefined> {
    return this.db
      .selectFrom('pin_identities')
      .selectAll()
      .where('mpin_id_hash', '=', tokenHash(mpinId))
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /**
   * The first authority's step: regOTT is used once; the identity's public key and the first
   * key share are recorded, and a one-time token for the second authority is issued. For a
   * renewal (an active identity) the new key waits in pending_public_key beside the renewal's
   * pending_mpin_id, so the identity keeps logging in with its old mpin_id and secret until
   * the second share is in. A signing identity's key was given to dvsRegURL already and must
   * be the same.
   */
  /**
   * Whether this registration (or renewal) is current and the browser holds its regOTT: asked
   * before authority 1 issues a share, so a share is never computed for someone without it.
   * recordFirstShare checks the same again in its conditional update (the race's arbiter).
   */
  firstShareAllowed(identity: PinIdentity, regOTT: string): 'allowed' | 'invalid' | 'expired' {
    if (identity.reg_expires_at < this.now()) return 'expired';
    const expected = identity.reg_ott_hash;
    const given = tokenHash(regOTT);
    if (expected === null || !timingSafeEqual(Buffer.from(expected), Buffer.from(given)))
      return 'invalid';
    return 'allowed';
  }

  async recordFirstShare(
    identity: PinIdentity,
    regOTT: string,
    publicKey: string,
    keyShare: string,
  ): Promise<{ cs2Token: string } | 'invalid' | 'expired'> {
    if (identity.reg_expires_at < this.now()) return 'expired';
    if (identity.kind === 'signing' && identity.pending_public_key !== publicKey) return 'invalid';
    const renewal = identity.state === 'active';
    if (renewal && !identity.pending_mpin_id) return 'invalid';
    const cs2Token = newToken();
    let update = this.db
      .updateTable('pin_identities')
      .set({
        reg_ott_hash: null,
        ...(renewal ? { pending_public_key: publicKey } : { public_key: publicKey }),
        key_share_1: this.encryption.encrypt(keyShare, `pin-key-1:${identity.id}`),
        cs2_token_hash: tokenHash(cs2Token),
      })
      .where('id', '=', identity.id)
      .where('state', '=', renewal ? 'active' : 'registering')
      .where('reg_ott_hash', '=', tokenHash(regOTT));
    // The share was issued for this pending_mpin_id: a renewal started since has another.
    if (renewal) update = update.where('pending_mpin_id', '=', identity.pending_mpin_id);
    const updated = await update.executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? { cs2Token } : 'invalid';
  }

  async findByCs2Token(token: string): Promise<PinIdentity | undefined> {
    return this.db
      .selectFrom('pin_identities')
      .selectAll()
      .where('cs2_token_hash', '=', tokenHash(token))
      .where('state', 'in', ['registering', 'active'])
      .executeTakeFirst();
  }

  /** The mpin_id and Pa the authorities' shares are for: a renewal's new ones, else the identity's. */
  inProgress(identity: PinIdentity): { mpinId: string; publicKey: string } | null {
    const [mpinId, publicKey] =
      identity.state === 'active'
        ? [identity.pending_mpin_id, identity.pending_public_key]
        : [identity.mpin_id, identity.public_key];
    return mpinId && publicKey ? { mpinId, publicKey } : null;
  }

  /**
   * The second authority's step: the identity becomes active with K = s₁·Pa + s₂·Pa. A
   * renewal replaces mpin_id, Pa and K in one UPDATE (the old mpin_id stops logging in, an
   * open pass-1 challenge for it is dropped), and revokes the signing identities registered
   * from the old secret (the next login offers dvsRegister again).
   */
  async activate(
    identity: PinIdentity,
    cs2Token: string,
    serverKey: (keyShare1: string) => string,
  ): Promise<boolean> {
    const shares = this.inProgress(identity);
    if (!identity.key_share_1 || !shares) return false;
    const first = this.decryptKey(identity.key_share_1, `pin-key-1:${identity.id}`, identity.id);
    const renewal = identity.state === 'active';
    const updated = await this.db
      .updateTable('pin_identities')
      .set({
        cs2_token_hash: null,
        key_share_1: null,
        server_key: this.encryption.encrypt(
          createVerifierKey(serverKey(first), shares.mpinId),
          `pin-server-key:${identity.id}`,
        ),
        public_key: shares.publicKey,
        pending_public_key: null,
        ...(renewal
          ? {
              mpin_id: shares.mpinId,
              mpin_id_hash: tokenHash(shares.mpinId),
              pending_mpin_id: null,
            }
          : {}),
        secret_issued_at: this.now(),
        state: 'active',
      })
      .where('id', '=', identity.id)
      .where('state', '=', identity.state)
      .where('cs2_token_hash', '=', tokenHash(cs2Token))
      .executeTakeFirst();
    const done = Number(updated.numUpdatedRows) === 1;
    if (done && renewal) {
      await this.db.deleteFrom('pin_challenges').where('identity_id', '=', identity.id).execute();
      await this.revokeSigningOf(identity.id);
    }
    return done;
  }

  /** Whether an identity's secret predates the renewal date (PIN_RENEW_SECRETS_ISSUED_BEFORE). */
  needsRenewal(identity: PinIdentity, issuedBefore: number | null): boolean {
    return (
      issuedBefore !== null && (identity.secret_issued_at ?? identity.created_at) < issuedBefore
    );
  }

  /**
   * A renewal of an active identity: a new regOTT for signatureURL (single use, 10 min) and
   * the new mpin_id (just issued, same user) the authorities' shares will be for. A renewal
   * started again replaces the one under way.
   */
  async startRenewal(identityId: string, mpinId: string): Promise<string> {
    const regOTT = newToken();
    await this.db
      .updateTable('pin_identities')
      .set({
        reg_ott_hash: tokenHash(regOTT),
        reg_expires_at: this.now() + REGISTRATION_TTL_MS,
        cs2_token_hash: null,
        pending_public_key: null,
        pending_mpin_id: mpinId,
        key_share_1: null,
      })
      .where('id', '=', identityId)
      .where('state', '=', 'active')
      .execute();
    return regOTT;
  }

  /** The active signing identity registered from a login identity, if any. */
  async activeSigningOf(parentId: string): Promise<PinIdentity | undefined> {
    return this.db
      .selectFrom('pin_identities')
      .selectAll()
      .where('parent_id', '=', parentId)
      .where('state', '=', 'active')
      .executeTakeFirst();
  }

  async revokeSigningOf(parentId: string): Promise<void> {
    await this.db
      .updateTable('pin_identities')
      .set({ state: 'revoked', server_key: null })
      .where('parent_id', '=', parentId)
      .execute();
  }

  /** dvsRegister: single use, for this login identity and this browser, 5 minutes. */
  async issueDvsToken(identityId: string, browserId: string): Promise<string> {
    const token = newToken();
    await this.db
      .insertInto('pin_dvs_tokens')
      .values({
        token_hash: tokenHash(token),
        identity_id: identityId,
        browser_id: browserId,
        expires_at: this.now() + DVS_TOKEN_TTL_MS,
      })
      .execute();
    return token;
  }

  /** Consumes a dvsRegister token: missing (or another browser's), expired, or its identity. */
  async takeDvsToken(token: string, browserId: string | null) {
    const row = await this.db
      .deleteFrom('pin_dvs_tokens')
      .where('token_hash', '=', tokenHash(token))
      .returningAll()
      .executeTakeFirst();
    if (!row || row.browser_id !== browserId) return { status: 'missing' as const };
    if (row.expires_at < this.now()) return { status: 'expired' as const };
    const identity = await this.db
      .selectFrom('pin_identities')
      .selectAll()
      .where('id', '=', row.identity_id)
      .executeTakeFirst();
    return { status: 'ok' as const, identity };
  }

  /**
   * K, compressed, as the authorities' shares combined to it (for signature checks). The
   * stored form is the verifier key (K and A, verifierKey in @verity/pin); identities
   * activated before it was kept hold K alone.
   */
  serverKeyOf(identity: PinIdentity): string | null {
    const stored = this.storedServerKey(identity);
    if (stored === null || !stored.startsWith('vk1.')) return stored;
    return encodePoint(readVerifierKey(stored).key);
  }

  /**
   * K and A for pass 2, decoded without the G2 subgroup check and the hash-to-curve: the
   * stored key is authenticated by the field encryption (AES-GCM, bound to this identity) and
   * was fully checked when it was made. An identity still holding K alone is moved to the
   * verifier key once, at its first login since (one conditional UPDATE).
   */
  async verifierOf(identity: PinIdentity): Promise<VerifierKey | null> {
    const stored = this.storedServerKey(identity);
    if (stored === null) return null;
    if (stored.startsWith('vk1.')) return readVerifierKey(stored);
    const made = createVerifierKey(stored, identity.mpin_id);
    await this.db
      .updateTable('pin_identities')
      .set({ server_key: this.encryption.encrypt(made, `pin-server-key:${identity.id}`) })
      .where('id', '=', identity.id)
      .where('server_key', '=', identity.server_key)
      .execute();
    return readVerifierKey(made);
  }

  /** Null for an identity without a key; UnreadablePinKey when the stored one fails to decrypt. */
  private storedServerKey(identity: PinIdentity): string | null {
    if (!identity.server_key) return null;
    return this.decryptKey(identity.server_key, `pin-server-key:${identity.id}`, identity.id);
  }

  private decryptKey(stored: string, context: string, identityId: string): string {
    try {
      return this.encryption.decrypt(stored, context);
    } catch {
      throw new UnreadablePinKey(identityId);
    }
  }

  /**
   * Pass 1: one outstanding challenge per identity; a new pass 1 replaces the old one. U is
   * kept as decoded (checked) at pass 1, encrypted with its identity and y as additional
   * data, so pass 2 reads it back without a second subgroup check.
   */
  async saveChallenge(identityId: string, U: G1Point, y: string): Promise<void> {
    const expires_at = this.now() + CHALLENGE_TTL_MS;
    const u = this.encryption.encrypt(encodeStoredG1(U), `pin-challenge:${identityId}:${y}`);
    await this.db
      .insertInto('pin_challenges')
      .values({ identity_id: identityId, u, y, expires_at })
      .onConflict((oc) => oc.column('identity_id').doUpdateSet({ u, y, expires_at }))
      .execute();
  }

  /** Pass 2 takes the challenge: it can be answered once. */
  async takeChallenge(identityId: string): Promise<{ U: G1Point; y: string } | null> {
    const row = await this.db
      .deleteFrom('pin_challenges')
      .where('identity_id', '=', identityId)
      .returningAll()
      .executeTakeFirst();
    if (!row || row.expires_at < this.now()) return null;
    let stored: string;
    try {
      stored = this.encryption.decrypt(row.u, `pin-challenge:${identityId}:${row.y}`);
    } catch {
      return null; // not ours (or from before U was kept encrypted): answered as expired
    }
    return { U: readStoredG1(stored), y: row.y };
  }

  /**
   * Counts an attempt before the PIN is checked, in one conditional UPDATE: at most
   * MAX_PIN_ATTEMPTS checks can be under way or done since the last right PIN, however many
   * arrive in parallel. Returns the attempt's number, or null when none is left.
   */
  async reserveAttempt(identityId: string): Promise<number | null> {
    const row = await this.db
      .updateTable('pin_identities')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', identityId)
      .where('state', '=', 'active')
      .where('failed_attempts', '<', MAX_PIN_ATTEMPTS)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row ? Number(row.failed_attempts) : null;
  }

  async rightPin(identityId: string): Promise<void> {
    await this.db
      .updateTable('pin_identities')
      .set({ failed_attempts: 0, last_used_at: this.now() })
      .where('id', '=', identityId)
      .where('state', '=', 'active')
      .execute();
  }

  /**
   * Revoked for good: the verification key is dropped, so the identity cannot come back. The
   * signing identities registered from it go with it (they share its PIN and its counter).
   */
  async revoke(identityId: string): Promise<void> {
    await this.db
      .updateTable('pin_identities')
      .set({ state: 'revoked', server_key: null })
      .where((eb) => eb.or([eb('id', '=', identityId), eb('parent_id', '=', identityId)]))
      .execute();
  }

  async issueAuthOTT(identityId: string, browserId: string): Promise<string> {
    const authOTT = newToken();
    await this.db
      .insertInto('pin_auth_tokens')
      .values({
        token_hash: tokenHash(authOTT),
        identity_id: identityId,
        browser_id: browserId,
        expires_at: this.now() + AUTH_OTT_TTL_MS,
      })
      .execute();
    return authOTT;
  }

  /** Consumes an authOTT: valid once, for the browser it was issued to, until it expires. */
  async takeAuthOTT(authOTT: string, browserId: string | null) {
    const row = await this.db
      .deleteFrom('pin_auth_tokens')
      .where('token_hash', '=', tokenHash(authOTT))
      .returningAll()
      .executeTakeFirst();
    if (!row || row.browser_id !== browserId || row.expires_at < this.now()) return null;
    return this.db
      .selectFrom('pin_identities')
      .selectAll()
      .where('id', '=', row.identity_id)
      .executeTakeFirst();
  }

  /**
   * Drops expired flow records (registrations, unfinished identities, challenges, authOTTs)
   * and what an abandoned renewal left on its identity (which keeps its current secret).
   */
  async sweep(): Promise<void> {
    const now = this.now();
    await this.db.deleteFrom('pin_registrations').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('pin_challenges').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('pin_auth_tokens').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('pin_dvs_tokens').where('expires_at', '<', now).execute();
    await this.db
      .deleteFrom('pin_identities')
      .where('state', '=', 'registering')
      .where('reg_expires_at', '<', now)
      .execute();
    await this.db
      .updateTable('pin_identities')
      .set({
        reg_ott_hash: null,
        cs2_token_hash: null,
        key_share_1: null,
        pending_public_key: null,
        pending_mpin_id: null,
      })
      .where('state', '=', 'active')
      .where('pending_mpin_id', 'is not', null)
      .where('reg_expires_at', '<', now)
      .execute();
  }
}
