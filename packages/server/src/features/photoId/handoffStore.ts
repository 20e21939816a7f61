import { createHash, randomBytes } from 'node:crypto';
import type { CheckResult, HandoffDocument, PhotoHandoffStatus } from '@verity/contracts';
import type { KeyValueStore } from '../../kv/keyValueStore.js';
import type { RequestLogin } from '../../oidc/interactions.js';

/**
 * The single-use record that hands a sign-in request's photo check from the desktop to the
 * user's phone (docs/flows/identity-checks.md, 'Photos on the phone'). Kept in the flow store
 * (Redis with REDIS_URL) under the hash of its token only; every part that changes is its own
 * key, so no write overwrites another's (no read-modify-write):
 * - `photo-handoff:<hash>` the record itself, never changed;
 * - `photo-handoff-request:<uid>` the request's current link: a new one replaces the last;
 * - `photo-handoff-claim:<hash>` counted by each phone that opens it (the first sees 1);
 * - `photo-handoff-phone:<hash>` the hash of the first phone's binding secret;
 * - `photo-handoff-document:<hash>` the document passed on the phone, the selfie to come;
 * - `photo-handoff-done:<hash>` the check's answer: the link is used up.
 * Each lives past the link's expiry for an hour, so a late phone is told 'expired', not
 * 'invalid' (which costs a guess).
 */
export interface HandoffRecord {
  accountId: string;
  /** The sign-in request's interaction uid. */
  uid: string;
  check: HandoffDocument;
  /** The request's chosen option has SelfieComparison: a selfie follows the document. */
  selfie: boolean;
  /** The desktop's login for this request, which the phone's calls act under. */
  login: RequestLogin;
  /**
   * The desktop session's uid (an identifier, not its cookie): whether the login still serves
   * the request is asked of it (a prompt=login request's fresh login is a session's).
   */
  sessionUid: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** A record found by its token, with what has happened to it. */
export interface FoundHandoff {
  hash: string;
  record: HandoffRecord;
  /** Another link was made for the request since. */
  replaced: boolean;
  /** The hash of the bound phone's secret; null until a phone opens the link. */
  phone: string | null;
  documentDone: boolean;
  done: CheckResult | null;
}

/** How long the records outlive the link: to tell a late phone it expired. */
const AFTERLIFE_SECONDS = 3600;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A bearer secret: 256 bits, base64url. */
const newSecret = () => randomBytes(32).toString('base64url');

const keys = {
  record: (hash: string) => `photo-handoff:${hash}`,
  request: (uid: string) => `photo-handoff-request:${uid}`,
  claim: (hash: string) => `photo-handoff-claim:${hash}`,
  phone: (hash: string) => `photo-handoff-phone:${hash}`,
  document: (hash: string) => `photo-handoff-document:${hash}`,
  done: (hash: string) => `photo-handoff-done:${hash}`,
};

export class PhotoHandoffStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new link for the request, replacing its last; answers the token (never stored). */
  async create(
    record: Omit<HandoffRecord, 'expiresAt'>,
    lifetimeSeconds: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = newSecret();
    const hash = sha256(token);
    const expiresAt = this.now() + lifetimeSeconds * 1000;
    const ttl = this.ttl(expiresAt);
    await this.kv.set(keys.record(hash), JSON.stringify({ ...record, expiresAt }), ttl);
    await this.kv.set(keys.request(record.uid), hash, ttl);
    return { token, expiresAt };
  }

  /** The record of a token, or null for a token that was never made (or long gone). */
  async find(token: string): Promise<FoundHandoff | null> {
    const found = await this.load(sha256(token));
    if (!found) return null;
    const current = await this.kv.get(keys.request(found.record.uid));
    return { ...found, replaced: current !== found.hash };
  }

  /** The request's current link, by the request: for the desktop's status. */
  async forRequest(uid: string): Promise<FoundHandoff | null> {
    const hash = await this.kv.get(keys.request(uid));
    return hash ? this.load(hash) : null;
  }

  private async load(hash: string): Promise<FoundHandoff | null> {
    const [record, phone, documentDone, done] = await this.kv.getMany([
      keys.record(hash),
      keys.phone(hash),
      keys.document(hash),
      keys.done(hash),
    ]);
    if (!record) return null;
    return {
      hash,
      record: JSON.parse(record) as HandoffRecord,
      replaced: false,
      phone: phone ?? null,
      documentDone: documentDone != null,
      done: done ? (JSON.parse(done) as CheckResult) : null,
    };
  }

  /**
   * Binds the link to the phone that opens it first: the atomic count makes exactly one
   * opener the first, even of several at once. Answers that phone's secret, or null.
   */
  async claimPhone(found: FoundHandoff): Promise<string | null> {
    const ttl = this.ttl(found.record.expiresAt);
    if ((await this.kv.increment(keys.claim(found.hash), ttl)) !== 1) return null;
    const device = newSecret();
    await this.kv.set(keys.phone(found.hash), sha256(device), ttl);
    return device;
  }

  async documentPassed(found: FoundHandoff): Promise<void> {
    await this.kv.set(keys.document(found.hash), '1', this.ttl(found.record.expiresAt));
  }

  /** The check is complete: its answer kept for the desktop, the link used up. */
  async finish(found: FoundHandoff, result: CheckResult): Promise<void> {
    await this.kv.set(
      keys.done(found.hash),
      JSON.stringify(result),
      this.ttl(found.record.expiresAt),
    );
  }

  /** Where the request's current link is, as the desktop sees it. */
  state(found: FoundHandoff | null): PhotoHandoffStatus['state'] {
    if (!found || found.replaced) return 'none';
    if (found.done) return 'done';
    if (this.now() >= found.record.expiresAt) return 'expired';
    return found.phone ? 'phone_opened' : 'waiting';
  }

  expired(found: FoundHandoff): boolean {
    return this.now() >= found.record.expiresAt;
  }

  private ttl(expiresAt: number): number {
    return Math.max(1, Math.ceil((expiresAt - this.now()) / 1000)) + AFTERLIFE_SECONDS;
  }
}
