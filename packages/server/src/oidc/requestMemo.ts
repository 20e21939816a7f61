import Provider from 'oidc-provider';

/**
 * Records read in the same statement as the token a request presented (adapter.ts: a code or
 * refresh token comes with its Grant, its Session and its account's user row), kept for that
 * request alone so that the provider's next reads (`Grant.find`, `Session.findByUid`,
 * `findAccount`) need no round trip of their own.
 *
 * What keeps this as fresh as the reads it replaces:
 * - kept per request (oidc-provider's request context, a WeakMap key), never across requests;
 * - each record given out once, then gone: a second read of it goes to the database;
 * - any write of the request to what was kept drops it (`forget`), so no record is served after
 *   the request changed it: the adapter's saves, consumes and revocations drop the Grant and
 *   Session (oidc_payloads); the account's row (account.ts) is in tables they never write.
 * Single use does not rest on these reads: it is the conditional consume (adapter.ts).
 */
export class RequestMemo<Row> {
  private readonly kept = new WeakMap<object, Map<string, Row>>();

  /** `scope`: the request under way, if any (oidc-provider's; a test gives its own). */
  constructor(private readonly scope: () => object | undefined = () => Provider.ctx) {}

  /** Keeps a record for the request under way; outside a request, nothing is kept. */
  keep(key: string, row: Row): void {
    const request = this.scope();
    if (!request) return;
    let rows = this.kept.get(request);
    if (!rows) this.kept.set(request, (rows = new Map()));
    rows.set(key, row);
  }

  /** The record kept for this request under `key`, once; undefined if none. */
  take(key: string): Row | undefined {
    const request = this.scope();
    const rows = request && this.kept.get(request);
    const row = rows?.get(key);
    if (row !== undefined) rows!.delete(key);
    return row;
  }

  /** Drops every record kept for the request under way (it is about to write). */
  forget(): void {
    const request = this.scope();
    if (request) this.kept.delete(request);
  }
}
