import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumeIdentity, type Database, type Queryable, type RequestIdentity } from '../../mocks/supabase/db';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { ADMIN_ID, attempt, EDITOR_ID, SUPPORT_ID, USER_ID } from './fixtures';

/**
 * History restores one language's text (admin_restore_version's `language`,
 * supabase/schemas/20_audit.sql): the version's text in that
 * language, every other language's as it is now; refused as a whole restore is (a save since, a
 * role that may not restore), and for a language code that is not one, that neither side has, or a
 * resource without languages.
 */

const signedIn = (sub: string): RequestIdentity => ({
  role: 'authenticated',
  claims: { sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
});

const V1 = { tip: 'Soak moong overnight for a softer dal.', hi: 'नरम दाल के लिए मूंग रात भर भिगोएँ।' };
const V2 = { tip: 'Sprout moong for two days before cooking.', hi: 'पकाने से पहले मूंग दो दिन अंकुरित करें।' };

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const lastEntry = async (tx: Queryable, id: string) =>
  (
    await tx.query<{ id: number; action: string; changes: Record<string, unknown>; actor_id: string }>(
      `select id::int, action, changes, actor_id from public.audit_log
        where resource = 'health_tips' and record_id = $1 order by id desc limit 1`,
      [id],
    )
  ).rows[0];
const tipOf = async (tx: Queryable, id: string) =>
  (
    await tx.query<{ tip: string; translations: unknown }>(
      `select tip, translations from public.health_tips where id = $1`,
      [id],
    )
  ).rows[0];

/** A tip written by the editor as V1 (English and Hindi), then V2; answers V1's entry. */
async function twoVersions(tx: Queryable, first: Record<string, unknown> = { hi: { tip: V1.hi } }) {
  await assumeIdentity(tx, signedIn(EDITOR_ID));
  const { id } = (
    await tx.query<{ id: string }>(
      `insert into public.health_tips (tip, translations) values ($1, $2) returning id::text as id`,
      [V1.tip, first],
    )
  ).rows[0];
  const v1 = (await lastEntry(tx, id)).id;
  await tx.query(`update public.health_tips set tip = $2, translations = $3 where id = $1`, [
    id,
    V2.tip,
    { hi: { tip: V2.hi } },
  ]);
  return { id, v1 };
}
const restore = (tx: Queryable, id: string, entry: number, language: string | null) =>
  tx.query(
    `select public.admin_restore_version('health_tips', $1, $2,
       (select updated_at from public.health_tips where id::text = $1), $3)`,
    [id, entry, language],
  );

describe('restoring one language of a tip', () => {
  it('Hindi only: the version’s Hindi text, the English as it is now; audited as a restore of the Hindi', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      await restore(tx, id, v1, 'hi');
      return { row: await tipOf(tx, id), entry: await lastEntry(tx, id), v1 };
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const { row, entry, v1 } = outcome.value;
    expect(row).toEqual({ tip: V2.tip, translations: { hi: { tip: V1.hi } } });
    expect(entry).toEqual({
      id: entry.id,
      action: 'restore',
      actor_id: EDITOR_ID,
      changes: { translations: { old: { hi: { tip: V2.hi } }, new: { hi: { tip: V1.hi } } }, restored_from: v1 },
    });
  });

  it('English only: the version’s English columns, the Hindi as it is now', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      await restore(tx, id, v1, 'en');
      return tipOf(tx, id);
    });
    expect(outcome).toEqual({ ok: true, value: { tip: V1.tip, translations: { hi: { tip: V2.hi } } } });
  });

  it('Hindi from a version that had none: the Hindi removed, the English kept', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx, {});
      await restore(tx, id, v1, 'hi');
      return tipOf(tx, id);
    });
    expect(outcome).toEqual({ ok: true, value: { tip: V2.tip, translations: {} } });
  });

  it('the whole version still, without a language', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      await restore(tx, id, v1, null);
      return tipOf(tx, id);
    });
    expect(outcome).toEqual({ ok: true, value: { tip: V1.tip, translations: { hi: { tip: V1.hi } } } });
  });

  it('refuses after a colleague’s save (PT409), leaving the colleague’s text', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      const compared = (
        await tx.query<{ v: string }>(`select updated_at::text as v from public.health_tips where id = $1`, [id])
      ).rows[0].v;
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query(`update public.health_tips set translations = $2 where id = $1`, [
        id,
        { hi: { tip: 'मालिक का नया पाठ।' } },
      ]);
      await assumeIdentity(tx, signedIn(EDITOR_ID));
      await tx.query('savepoint s');
      let refused: unknown = null;
      try {
        await tx.query(`select public.admin_restore_version('health_tips', $1, $2, $3::timestamptz, 'hi')`, [
          id,
          v1,
          compared,
        ]);
      } catch (error) {
        refused = { code: (error as { code: string }).code, message: (error as Error).message };
        await tx.query('rollback to savepoint s');
      }
      return { refused, row: await tipOf(tx, id) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        refused: { code: 'PT409', message: 'This record changed since the version was compared' },
        row: { tip: V2.tip, translations: { hi: { tip: 'मालिक का नया पाठ।' } } },
      },
    });
  });

  it.each([
    ['not a language code', 'hi"; drop table public.health_tips; --', '22023'],
    ['a code in capitals', 'HI', '22023'],
    ['an empty code', '', '22023'],
  ])('refuses %s (%s): %s, nothing written', async (_name, language, code) => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      await tx.query('savepoint s');
      let refused: unknown = 'ok';
      try {
        await restore(tx, id, v1, language);
      } catch (error) {
        refused = (error as { code: string }).code;
        await tx.query('rollback to savepoint s');
      }
      return { refused, row: await tipOf(tx, id) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: { refused: code, row: { tip: V2.tip, translations: { hi: { tip: V2.hi } } } },
    });
  });

  it('refuses a language neither the version nor the tip has (ta): 22023, no restore entry written', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      const before = (await lastEntry(tx, id)).id;
      await tx.query('savepoint s');
      let refused: unknown = null;
      try {
        await restore(tx, id, v1, 'ta');
      } catch (error) {
        refused = { code: (error as { code: string }).code, message: (error as Error).message };
        await tx.query('rollback to savepoint s');
      }
      return { refused, same: (await lastEntry(tx, id)).id === before, row: await tipOf(tx, id) };
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        refused: { code: '22023', message: 'Neither this version nor the record has text in that language' },
        same: true,
        row: { tip: V2.tip, translations: { hi: { tip: V2.hi } } },
      },
    });
  });

  it('refuses a language for a resource without languages (the settings)', async () => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      await assumeIdentity(tx, signedIn(ADMIN_ID));
      await tx.query('select public.update_admin_settings(audit_retention_days => 400)');
      await tx.query(
        `select public.admin_restore_version('admin_settings', '1', 1, (select updated_at from public.admin_settings), 'en')`,
      );
    });
    expect(outcome).toMatchObject({ ok: false, code: '22023', message: 'This resource has no text in that language' });
  });

  it.each([
    ['support', SUPPORT_ID],
    ['an app user', USER_ID],
  ])('%s may not restore a language', async (_who, sub) => {
    const outcome = await attempt(db, 'superuser', async (tx) => {
      const { id, v1 } = await twoVersions(tx);
      await assumeIdentity(tx, signedIn(sub));
      await restore(tx, id, v1, 'hi');
    });
    expect(outcome).toMatchObject({ ok: false, code: '42501' });
  });
});
