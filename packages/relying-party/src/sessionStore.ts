import { randomBytes } from 'node:crypto';

/** What the app keeps about a signed-in browser. */
export interface RpSession {
  idToken: string;
  claims: Record<string, unknown>;
  userinfo: Record<string, unknown> | null;
  userinfoError: string | null;
}

interface Entry {
  session: RpSession;
  expiresAt: number;
}

/**
 * Sessions in this process's memory, keyed by a random id that the browser holds in a signed
 * cookie. A demo needs no more: a restart signs everyone out.
 */
export class SessionStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(session: RpSession): string {
    this.sweep();
    const id = randomBytes(32).toString('base64url');
    this.entries.set(id, { session, expiresAt: this.now() + this.ttlMs });
    return id;
  }

  get(id: string): RpSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets expired sessions. */
  sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(id);
    }
  }
}
