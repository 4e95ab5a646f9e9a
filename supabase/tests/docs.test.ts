import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATION_ROLE } from '../../mocks/supabase/db/prepare';
import { openSnapshotPglite } from '../../mocks/supabase/testing/snapshot';

/**
 * What the docs tell a person to paste or rely on, checked against the database: the SQL of
 * docs/deploying.md runs as written, and docs/architecture/stand-in.md names the PostgreSQL that PGlite runs.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const readDoc = (name: string) => readFile(path.join(ROOT, 'docs', name), 'utf8');

/** The ```sql blocks of a Markdown text, in order, without the indentation of their list item. */
function sqlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^( *)```sql\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n'),
  );
}

/**
 * The hosted extensions the deploying steps use, with their upstream signatures and only the
 * behaviour a scheduled call needs: pg_cron's named schedule (citusdata/pg_cron pg_cron.sql and
 * pg_cron--1.2--1.3.sql, --1.3--1.4.sql: `cron.job`, one job per name and user, replaced when
 * scheduled again), pg_net's `net.http_post` (supabase/pg_net sql/pg_net--0.18.0--0.19.0.sql: queued
 * in `net.http_request_queue`, JSON's Content-Type added when the headers have none) and Vault
 * (supabase/vault sql/supabase_vault--0.3.0.sql: `vault.create_secret`, `vault.decrypted_secrets`;
 * stored in clear here). The SQL editor runs as `postgres`, which may use all three.
 */
const HOSTED_EXTENSIONS_SQL = `
  create schema cron;
  create sequence cron.jobid_seq;
  create table cron.job (
    jobid bigint primary key default nextval('cron.jobid_seq'),
    schedule text not null,
    command text not null,
    nodename text not null default 'localhost',
    nodeport int not null default 5432,
    database text not null default current_database(),
    username text not null default current_user,
    active boolean not null default true,
    jobname text,
    constraint jobname_username_uniq unique (jobname, username)
  );
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql as $$
  declare
    id bigint;
  begin
    -- pg_cron refuses what its parser cannot read: five fields here (its other forms unused).
    if schedule !~ '^\\s*(\\S+\\s+){4}\\S+\\s*$' then
      raise exception 'invalid schedule: %', schedule using errcode = '22023';
    end if;
    insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
      on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command
      returning jobid into id;
    return id;
  end
  $$;

  create schema net;
  create table net.http_request_queue (
    id bigserial primary key, method text not null, url text not null, headers jsonb,
    body bytea, timeout_milliseconds int not null
  );
  create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds int default 5000)
  returns bigint language plpgsql as $$
  declare
    request_id bigint;
  begin
    if params <> '{}' then
      raise exception 'params are not modelled here';
    end if;
    if not exists (select 1 from jsonb_object_keys(coalesce(headers, '{}')) k where lower(k) = 'content-type') then
      headers := headers || '{"Content-Type": "application/json"}';
    end if;
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
      returning id into request_id;
    return request_id;
  end
  $$;

  create schema vault;
  create table vault.secrets (
    id uuid primary key default gen_random_uuid(), name text, description text not null default '',
    secret text not null, created_at timestamptz not null default now()
  );
  create unique index on vault.secrets (name) where name is not null;
  create function vault.create_secret(new_secret text, new_name text = null, new_description text = '',
    new_key_id uuid = null) returns uuid
  language sql security definer set search_path = '' as $$
    insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description)
      returning id
  $$;
  create view vault.decrypted_secrets as
    select id, name, description, secret, secret as decrypted_secret, created_at from vault.secrets;

  grant usage on schema cron, net, vault to ${MIGRATION_ROLE};
  grant select, insert, update on cron.job to ${MIGRATION_ROLE};
  grant usage on sequence cron.jobid_seq, net.http_request_queue_id_seq to ${MIGRATION_ROLE};
  grant select, insert on net.http_request_queue to ${MIGRATION_ROLE};
  grant select on vault.decrypted_secrets to ${MIGRATION_ROLE};`;

let pg: PGlite;
beforeAll(async () => {
  pg = await openSnapshotPglite();
  await pg.exec(HOSTED_EXTENSIONS_SQL);
});
afterAll(async () => {
  await pg?.close();
});

it('docs/deploying.md: the scheduling SQL runs as written and schedules the purges and the push worker with the right commands', async () => {
  const blocks = sqlBlocks(await readDoc('deploying.md'));
  expect(blocks.length).toBe(3);
  // Pasted into the SQL editor, as `postgres` (here its rights' role), one block after the other.
  for (const block of blocks) await pg.exec(`set role ${MIGRATION_ROLE}; ${block}; reset role`);

  const jobs = await pg.query<{ jobname: string; schedule: string; command: string }>(
    'select jobname, schedule, command from cron.job order by jobid',
  );
  expect(jobs.rows.map(({ jobname, schedule }) => ({ jobname, schedule }))).toEqual([
    { jobname: 'purge-trash', schedule: '23 3 * * *' },
    { jobname: 'purge-audit-log', schedule: '17 3 * * *' },
    { jobname: 'push-worker', schedule: '* * * * *' },
  ]);
  expect(jobs.rows[1].command).toBe('select private.purge_audit_log()');

  // pg_cron runs each command as the user who scheduled it.
  for (const { command } of jobs.rows) await pg.exec(`set role ${MIGRATION_ROLE}; ${command}; reset role`);
  const requests = await pg.query<{ method: string; url: string; headers: unknown; body: string }>(
    `select method, url, headers, convert_from(body, 'UTF8') body from net.http_request_queue`,
  );
  expect(requests.rows).toEqual([
    {
      method: 'POST',
      url: 'https://<ref>.supabase.co/functions/v1/purge-trash',
      headers: { Authorization: 'Bearer <service role key>', 'Content-Type': 'application/json' },
      body: '{}',
    },
    {
      method: 'POST',
      url: 'https://<ref>.supabase.co/functions/v1/push-worker',
      headers: { Authorization: 'Bearer <service role key>', 'Content-Type': 'application/json' },
      body: '{}',
    },
  ]);
  // The functions the calls name are the project's.
  expect(existsSync(path.join(ROOT, 'supabase/functions/purge-trash/index.ts'))).toBe(true);
  expect(existsSync(path.join(ROOT, 'supabase/functions/push-worker/index.ts'))).toBe(true);
});

it("docs/architecture/stand-in.md names PGlite's PostgreSQL as the installed PGlite reports it", async () => {
  const { rows } = await pg.query<{ version: string }>('select version()');
  const [, postgres, pglite] = /^PostgreSQL (\S+) \(PGlite (\S+)\)/.exec(rows[0].version) ?? [];
  const installed = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  expect(pglite).toBe(installed.version);
  const architecture = await readDoc('architecture/stand-in.md');
  // Stated once, as `PGlite <version> (PostgreSQL <version>`.
  const stated = [...architecture.matchAll(/PGlite (\d+\.\d+\.\d+) \(PostgreSQL (\d+(?:\.\d+)?)/g)];
  expect(stated.map(([, p, v]) => ({ pglite: p, postgres: v }))).toEqual([{ pglite, postgres }]);
  // Any other PostgreSQL version given for PGlite is the same one.
  const named = [...architecture.matchAll(/PGlite[^.\n]{0,30}?\(PostgreSQL (\d+(?:\.\d+)?)/g)].map(
    (m) => m[1],
  );
  expect(named.filter((v) => v !== postgres && !postgres.startsWith(`${v}.`))).toEqual([]);
});
