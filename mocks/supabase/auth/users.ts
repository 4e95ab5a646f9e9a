import type { Queryable } from '../db';

/** The auth.users columns the stand-in reads, as Postgres returns them. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
  /** A change of address waiting for its link (GoTrue's EmailChange, `new_email`). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
}

const USER_COLUMNS = `id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous,
  email_change, email_change_sent_at, invited_at, confirmation_sent_at, recovery_sent_at`;

/** The user object GoTrue serialises (models.User), field for field. */
export interface GoTrueUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  invited_at?: string;
  phone: string;
  phone_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  /** The address an email change waits to move to, until its link is followed. */
  new_email?: string;
  email_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : undefined);

export function toGoTrueUser(row: UserRow): GoTrueUser {
  const confirmedAt = [row.email_confirmed_at, row.phone_confirmed_at].filter((d): d is Date => d !== null);
  const user: GoTrueUser = {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    invited_at: iso(row.invited_at),
    phone: row.phone ?? '',
    phone_confirmed_at: iso(row.phone_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(
      confirmedAt.length ? new Date(Math.min(...confirmedAt.map((d) => +new Date(d)))) : null,
    ),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change || undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    banned_until: iso(row.banned_until),
    is_anonymous: row.is_anonymous,
  };
  // GoTrue omits empty optional timestamps (omitempty) rather than sending null.
  for (const key of Object.keys(user) as (keyof GoTrueUser)[]) if (user[key] === undefined) delete user[key];
  return user;
}

export const isBanned = (row: UserRow) =>
  row.banned_until !== null && new Date(row.banned_until) > new Date();

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where phone = $1 and deleted_at is null`,
    [phone],
  );
  return rows[0];
}

/**
 * A bcrypt hash at GoTrue's cost (10) of a random UUID nobody kept. It is only ever compared, never
 * matched: with no stored hash the check is false whatever the password.
 */
const DECOY_HASH = '$2a$10$TJfPrR6sdPyF5L/3tV70Zu3.UoApwPILNtRhRGVgqSuTT1EE5VSSO';

/**
 * Checks a password against the user's bcrypt hash in SQL (GoTrue's hashes are pgcrypto-compatible).
 * Without a user, or a user without a password, it still computes one bcrypt hash, against a decoy,
 * so an unknown email costs what a wrong password costs.
 */
export async function passwordMatches(
  db: Queryable,
  userId: string | undefined,
  password: string,
): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `with stored as (
       select nullif(encrypted_password, '') as hash from auth.users where id = $1::uuid
     ), computed as (
       select extensions.crypt($2, coalesce((select hash from stored), $3)) as hash
     )
     select coalesce((select hash from stored) = computed.hash, false) as ok from computed`,
    [userId ?? null, password, DECOY_HASH],
  );
  return rows[0]?.ok === true;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone: string | null;
  password: string | null;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  bannedUntil?: Date | null;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const provider = user.email ? 'email' : 'phone';
  const appMetadata = { provider, providers: [provider], ...user.appMetadata };
  const { rows } = await db.query<UserRow>(
    // GoTrue's table has no defaults for these columns: GoTrue writes each, and (like GoTrue's
    // signup) the user's first identity in the same transaction.
    `with inserted as (
       insert into auth.users (id, instance_id, aud, role, email, phone, encrypted_password, email_confirmed_at,
          phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
       values (coalesce($1::uuid, gen_random_uuid()), '00000000-0000-0000-0000-000000000000', 'authenticated',
          coalesce($2, 'authenticated'), $3, $4,
          case when $5::text is null then '' else extensions.crypt($5, extensions.gen_salt('bf', 10)) end,
          case when $6 then now() end, case when $7 then now() end, $8, $9, $10, now(), now())
       returning ${USER_COLUMNS}
     ), identity as (
       insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select id::text, id,
              jsonb_strip_nulls(jsonb_build_object('sub', id::text, 'email', email, 'phone', phone,
                'email_verified', false, 'phone_verified', false)),
              $11, now(), now()
         from inserted
     )
     select * from inserted`,
    [
      user.id ?? null,
      user.role ?? null,
      user.email,
      user.phone,
      user.password,
      user.emailConfirmed,
      user.phoneConfirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
      user.bannedUntil ?? null,
      provider,
    ],
  );
  return rows[0];
}

export interface UserChanges {
  email?: string;
  phone?: string;
  password?: string;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  /** Merged into user_metadata; a null value removes the key (GoTrue's UpdateUserMetaData). */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  /** undefined: unchanged; null: lift the ban. */
  bannedUntil?: Date | null;
}

/** The top-level keys of a jsonb parameter whose value is null: GoTrue deletes those keys. */
const NULL_KEYS = (param: string) =>
  `array(select key from jsonb_each(${param}::jsonb) where jsonb_typeof(value) = 'null')`;

/** Applies the given changes and returns the updated row (every column only when given). */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set
        email = coalesce($2, email),
        phone = coalesce($3, phone),
        encrypted_password = case when $4::text is null then encrypted_password
                                  else extensions.crypt($4, extensions.gen_salt('bf', 10)) end,
        email_confirmed_at = case when $5::boolean is null then email_confirmed_at
                                  when $5 then coalesce(email_confirmed_at, now()) end,
        phone_confirmed_at = case when $6::boolean is null then phone_confirmed_at
                                  when $6 then coalesce(phone_confirmed_at, now()) end,
        raw_user_meta_data = case when $7::jsonb is null then raw_user_meta_data
                                  else (coalesce(raw_user_meta_data, '{}') || $7::jsonb) - ${NULL_KEYS('$7')} end,
        raw_app_meta_data = case when $8::jsonb is null then raw_app_meta_data
                                  else (coalesce(raw_app_meta_data, '{}') || $8::jsonb) - ${NULL_KEYS('$8')} end,
        role = coalesce($9, role),
        banned_until = case when $10::boolean then $11::timestamptz else banned_until end,
        updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [
      id,
      changes.email ?? null,
      changes.phone ?? null,
      changes.password ?? null,
      changes.emailConfirmed ?? null,
      changes.phoneConfirmed ?? null,
      changes.userMetadata ? JSON.stringify(changes.userMetadata) : null,
      changes.appMetadata ? JSON.stringify(changes.appMetadata) : null,
      changes.role ?? null,
      changes.bannedUntil !== undefined,
      changes.bannedUntil ?? null,
    ],
  );
  return rows[0];
}
