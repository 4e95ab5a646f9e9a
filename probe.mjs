import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const t0=Date.now();
const db = await PGlite.create({ extensions: { pgcrypto, pg_trgm } });
console.log('start ms', Date.now()-t0);
console.log((await db.query('select version()')).rows);
await db.exec(`create schema extensions; create extension pgcrypto with schema extensions; create extension pg_trgm with schema extensions;
create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
create table t(id int primary key, owner text); alter table t enable row level security;
create policy p on t for select to authenticated using (owner = current_setting('request.jwt.claims', true)::json->>'sub');
grant select on t to anon, authenticated, service_role;
insert into t values (1,'a'),(2,'b');`);
console.log((await db.query(`select extensions.crypt('x', extensions.gen_salt('bf')) h`)).rows);
await db.transaction(async tx => {
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({sub:'a'})]);
  await tx.exec('set local role authenticated');
  console.log('auth', (await tx.query('select * from t')).rows, (await tx.query('select current_user')).rows);
});
await db.transaction(async tx => { await tx.exec('set local role service_role'); console.log('svc', (await tx.query('select count(*) from t')).rows); });
await db.transaction(async tx => { await tx.exec('set local role anon'); console.log('anon', (await tx.query('select count(*) from t')).rows); });
const r = await db.query(`select json_agg(x)::text j, now() n, 5::bigint b from t x`); console.log(r.rows, r.fields);
try { await db.query(`select 'abc'::int`) } catch(e) { console.log('err', e.code, e.message, e.detail, e.hint) }
const dump = await db.dumpDataDir('none'); console.log('dump size', dump.size);
const t1=Date.now(); const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pgcrypto, pg_trgm } }); console.log('load ms', Date.now()-t1, (await db2.query('select count(*) from t')).rows);
console.log(process.memoryUsage().rss/1e6);
