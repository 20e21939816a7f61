/**
 * A signing key's life, as a pure function of the stored keys and the time: every instance
 * reaches the same answer from the same rows, and moves on at the same moments even between
 * its reads of the database.
 *
 *   next      published, not yet signing (until activatesAt)
 *   signing   the newest key of its algorithm whose activatesAt has come
 *   previous  replaced by a newer active key; published until what it signed has expired
 *   retired   published no more (deleted from the database)
 */
export type KeyState = 'next' | 'signing' | 'previous' | 'retired';

export interface KeyTimes {
  kid: string;
  alg: string;
  /** One rotation's keys share a generation; the higher one is the newer. */
  generation: number;
  activatesAt: number;
}

export interface KeyStatus {
  state: KeyState;
  /** When a newer key took over (or takes over) signing for this algorithm; null: none yet. */
  replacedAt: number | null;
  /** When it leaves the JWKS; null while nothing has replaced it. */
  retiresAt: number | null;
}

/**
 * `publishedAfterUseMs`: how long a key stays published after it stops signing (the longest
 * life of anything it signed, plus margins: see keyTimings).
 */
export function keyStatus(
  key: KeyTimes,
  all: readonly KeyTimes[],
  now: number,
  publishedAfterUseMs: number,
): KeyStatus {
  // Replaced as soon as any newer key of its algorithm is active. An emergency rotation can
  // replace a staged key before its time: it never signs, and leaves with the one it replaced.
  const successors = all
    .filter((other) => other.alg === key.alg && other.generation > key.generation)
    .map((other) => other.activatesAt);
  const replacedAt = successors.length > 0 ? Math.min(...successors) : null;
  const retiresAt = replacedAt === null ? null : replacedAt + publishedAfterUseMs;
  const status = (state: KeyState): KeyStatus => ({ state, replacedAt, retiresAt });
  if (now < Math.min(key.activatesAt, replacedAt ?? Infinity)) return status('next');
  if (replacedAt === null || now < replacedAt) return status('signing');
  return status(now < retiresAt! ? 'previous' : 'retired');
}

export interface KeySetView<K extends KeyTimes> {
  /** What the JWKS publishes, signing keys first. */
  published: K[];
  /** The key each algorithm signs with. */
  signing: K[];
  retired: K[];
}

export function keySetAt<K extends KeyTimes>(
  keys: readonly K[],
  now: number,
  publishedAfterUseMs: number,
): KeySetView<K> {
  const byState = (state: KeyState) =>
    keys
      .filter((key) => keyStatus(key, keys, now, publishedAfterUseMs).state === state)
      .sort((a, b) => b.generation - a.generation || a.alg.localeCompare(b.alg));
  const signing = byState('signing');
  return {
    signing,
    published: [...signing, ...byState('next'), ...byState('previous')],
    retired: byState('retired'),
  };
}

/** Identifies what an instance serves: a change to it means the provider must be rebuilt. */
export function keySetFingerprint(view: KeySetView<KeyTimes>): string {
  const kids = (keys: KeyTimes[]) =>
    keys
      .map((key) => key.kid)
      .sort()
      .join(',');
  return `signing:${kids(view.signing)};published:${kids(view.published)}`;
}

/** The next moment after `now` at which some key changes state; null when none is due. */
export function nextKeyChange(
  keys: readonly KeyTimes[],
  now: number,
  publishedAfterUseMs: number,
): number | null {
  const moments = keys.flatMap((key) => {
    const status = keyStatus(key, keys, now, publishedAfterUseMs);
    return [key.activatesAt, status.replacedAt, status.retiresAt].filter(
      (moment): moment is number => moment !== null && moment > now,
    );
  });
  return moments.length > 0 ? Math.min(...moments) : null;
}
