import type { Queryable } from '../db';
import { toGoTrueUser, type GoTrueUser, type UserRow } from './users';

// A user's MFA factors as GoTrue stores and serialises them: what the MFA endpoints (mfa.ts) and every
// answer carrying the user (sessionResponse.ts, user.ts) share, apart from both so neither imports
// the other.

/** The factor object GoTrue serialises (models.Factor), as in GET /user's `factors`. */
export interface GoTrueFactor {
  id: string;
  created_at: string;
  updated_at: string;
  status: 'verified' | 'unverified';
  friendly_name?: string;
  factor_type: string;
  phone: string;
  last_challenged_at: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret,
  phone, created_at, updated_at, last_challenged_at`;

function toGoTrueFactor(row: FactorRow): GoTrueFactor {
  const factor: GoTrueFactor = {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    status: row.status,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    phone: row.phone ?? '',
    last_challenged_at: row.last_challenged_at ? new Date(row.last_challenged_at).toISOString() : null,
  };
  // friendly_name is omitempty in GoTrue.
  if (!factor.friendly_name) delete factor.friendly_name;
  return factor;
}

/** The user as GoTrue serialises it, with its factors (GoTrue loads them eagerly; omitted when none). */
export async function goTrueUserOf(
  db: Queryable,
  row: UserRow,
): Promise<GoTrueUser & { factors?: GoTrueFactor[] }> {
  const factors = await listFactors(db, row.id);
  return { ...toGoTrueUser(row), ...(factors.length ? { factors: factors.map(toGoTrueFactor) } : {}) };
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}
