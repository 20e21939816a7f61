import { PostgresAdapter, sql } from 'kysely';
import { Precompiled } from '../db/precompiled.js';

/**
 * The statements of the token endpoint's storage (adapter.ts), each built and compiled once per
 * dialect (db/precompiled.ts): a code exchange or a refresh runs only these.
 */

export type Row = {
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
};

const findBy = (column: 'id' | 'uid' | 'user_code') =>
  new Precompiled<{ model: string; value: string }, Row>((db, p) =>
    db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', p('model'))
      .where(column, '=', p('value')),
  );
export const findById = findBy('id');
export const findByUid = findBy('uid');
export const findByUserCode = findBy('user_code');

/**
 * A token's row with the rows of its Grant and its Session, and its account's user row (as
 * oidc/account.ts reads it), where they exist (else nulls).
 */
export type TokenWithRelated = Row & {
  grant_id: string | null;
  grant_payload: string | null;
  grant_expires_at: number | null;
  session_uid: string | null;
  session_payload: string | null;
  session_expires_at: number | null;
  account_id: string | null;
  account_email: string | null;
  account_email_verified: number | null;
  account_profile: string | null;
  account_second_factors: number | null;
};

/**
 * A code or refresh token by id, with its Grant (by the grant_id column), its Session (by
 * the uid its payload names) and its account (the user by the accountId its payload names,
 * with the profile and the number of second factors) in the same statement: what the provider
 * reads next, one by one, at the token endpoint (adapter.ts keeps them for the request:
 * requestMemo.ts).
 */
export const findWithRelated = new Precompiled<{ model: string; value: string }, TokenWithRelated>(
  (db, p) => {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const field = (name: string) =>
      postgres
        ? sql<string>`(t.payload::json ->> ${sql.lit(name)})`
        : sql<string>`json_extract(t.payload, ${sql.lit(`$.${name}`)})`;
    return db
      .selectFrom('oidc_payloads as t')
      .leftJoin('oidc_payloads as g', (join) =>
        join.on('g.model', '=', 'Grant').onRef('g.id', '=', 't.grant_id'),
      )
      .leftJoin('oidc_payloads as s', (join) =>
        join.on('s.model', '=', 'Session').on(sql<boolean>`s.uid = ${field('sessionUid')}`),
      )
      .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id = ${field('accountId')}`))
      .leftJoin('profiles as pr', 'pr.user_id', 'u.id')
      .select((eb) =>
        eb
          .selectFrom('second_factors')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('second_factors.user_id', '=', 'u.id')
          .as('account_second_factors'),
      )
      .select([
        'u.id as account_id',
        'u.email as account_email',
        'u.email_verified as account_email_verified',
        'pr.data as account_profile',
        't.payload',
        't.expires_at',
        't.consumed_at',
        't.grant_id',
        'g.payload as grant_payload',
        'g.expires_at as grant_expires_at',
        's.uid as session_uid',
        's.payload as session_payload',
        's.expires_at as session_expires_at',
      ])
      .where('t.model', '=', p('model'))
      .where('t.id', '=', p('value'));
  },
);

export interface SavedValues extends Record<string, unknown> {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parameter stands for any column
const saveColumns = (p: (name: string) => any) => ({
  payload: p('payload'),
  grant_id: p('grant_id'),
  user_code: p('user_code'),
  uid: p('uid'),
  expires_at: p('expires_at'),
});

/** A save of an existing record: its columns replaced, its consumption left as it was. */
const savedAgain = {
  payload: sql<string>`excluded.payload`,
  grant_id: sql<string | null>`excluded.grant_id`,
  user_code: sql<string | null>`excluded.user_code`,
  uid: sql<string | null>`excluded.uid`,
  expires_at: sql<number | null>`excluded.expires_at`,
};

/** Saves a record; saving it again never makes a consumed one usable again. */
export const save = new Precompiled<SavedValues, never>((db, p) =>
  db
    .insertInto('oidc_payloads')
    .values({ model: p('model'), id: p('id'), ...saveColumns(p), consumed_at: null })
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(savedAgain)),
);

export interface LinkValues extends Record<string, unknown> {
  /** The refresh token being rotated, the retry count it was claimed under, the new token's hash. */
  rotating: string;
  retries: number;
  link: string;
}

/** Records a rotation's new token (hashed) on the token it replaces, if still so claimed. */
export const linkRotation = new Precompiled<LinkValues, never>((db, p) =>
  db
    .updateTable('oidc_payloads')
    .set({ rotated_to: sql<string>`coalesce(rotated_to, '') || ${p('link')}` })
    .where('model', '=', 'RefreshToken')
    .where('id', '=', p('rotating'))
    .where('retries', '=', p('retries')),
);

/**
 * PostgreSQL: the link and the save in one statement (a data-modifying WITH): the save happens
 * only when the link did, atomically, as the two statements of a transaction would.
 */
export const linkAndSave = new Precompiled<SavedValues & LinkValues, { saved: number }>((db, p) =>
  db
    .with('linked', (db) =>
      db
        .updateTable('oidc_payloads')
        .set({ rotated_to: sql<string>`coalesce(rotated_to, '') || ${p('link')}` })
        .where('model', '=', 'RefreshToken')
        .where('id', '=', p('rotating'))
        .where('retries', '=', p('retries'))
        .returning('id'),
    )
    .insertInto('oidc_payloads')
    .columns(['model', 'id', 'payload', 'grant_id', 'user_code', 'uid', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('linked')
        .select([
          sql<string>`cast(${p('model')} as varchar(64))`.as('model'),
          sql<string>`cast(${p('id')} as varchar(255))`.as('id'),
          sql<string>`cast(${p('payload')} as text)`.as('payload'),
          sql<string>`cast(${p('grant_id')} as varchar(255))`.as('grant_id'),
          sql<string>`cast(${p('user_code')} as varchar(255))`.as('user_code'),
          sql<string>`cast(${p('uid')} as varchar(255))`.as('uid'),
          sql<number>`cast(${p('expires_at')} as bigint)`.as('expires_at'),
        ]),
    )
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(savedAgain))
    .returning(sql<number>`1`.as('saved')),
);

/** Saves a record only if none with its id exists (replayDetection.ts). */
export const insertIfAbsent = new Precompiled<SavedValues, never>((db, p) =>
  db
    .insertInto('oidc_payloads')
    .values({ model: p('model'), id: p('id'), ...saveColumns(p), consumed_at: null })
    .onConflict((oc) => oc.columns(['model', 'id']).doNothing()),
);

/** Marks a single-use record used: affects one row only for the first of any parallel uses. */
export const consume = new Precompiled<{ model: string; id: string; now: number }, never>((db, p) =>
  db
    .updateTable('oidc_payloads')
    .set({ consumed_at: p('now') })
    .where('model', '=', p('model'))
    .where('id', '=', p('id'))
    .where('consumed_at', 'is', null),
);

export const destroy = new Precompiled<{ model: string; id: string }, never>((db, p) =>
  db.deleteFrom('oidc_payloads').where('model', '=', p('model')).where('id', '=', p('id')),
);

export const destroyByGrant = new Precompiled<{ grantId: string }, never>((db, p) =>
  db.deleteFrom('oidc_payloads').where('grant_id', '=', p('grantId')),
);
