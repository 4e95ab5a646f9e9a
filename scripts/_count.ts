import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createPglite } from '../mocks/supabase/db/pglite';
import { pgliteDatabase, flushPglite } from '../mocks/supabase/db/openPglite';
import { createStandIn } from '../mocks/supabase/standIn';
import { LOCAL_ANON_KEY as ANON_KEY } from '../mocks/supabase/keys';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
const pg = await createPglite({ loadDataDir: new Blob([gunzipSync(readFileSync('dist-demo/data/seed.tar.gz'))]) });
const counts = new Map<string, number>();
const proxy = new Proxy(pg, { get(t, k) { const v = Reflect.get(t, k, t); if (typeof v === 'function') { return (...a: unknown[]) => { counts.set(String(k), (counts.get(String(k)) ?? 0) + 1); if (k === 'transaction') { const fn = a[0] as any; return v.call(t, (tx: any) => fn(new Proxy(tx, { get(tt, kk) { const vv = Reflect.get(tt, kk, tt); return typeof vv === 'function' ? (...b: unknown[]) => { counts.set('tx.' + String(kk), (counts.get('tx.' + String(kk)) ?? 0) + 1); return vv.apply(tt, b); } : vv; } }))); } return v.apply(t, a); }; } return v; } });
const db = await pgliteDatabase(proxy as any, { flush: () => flushPglite(pg) });
const standIn = createStandIn({ db, publicUrl: 'http://127.0.0.1:1' });
const owner = DEMO_ACCOUNTS.find((a) => a.email === 'admin@labellens.dev')!;
const H = { apikey: ANON_KEY, 'content-type': 'application/json' };
const tok = await (await standIn.handle(new Request('http://127.0.0.1:1/auth/v1/token?grant_type=password', { method: 'POST', headers: H, body: JSON.stringify({ email: owner.email, password: owner.password }) })))!.json();
const A = { ...H, authorization: `Bearer ${tok.access_token}` };
const reqs = () => [
  new Request('http://127.0.0.1:1/rest/v1/admin_users?select=id%2Cis_active%2Crole&user_id=eq.' + tok.user.id + '&is_active=eq.true&accepted_at=not.is.null', { headers: A }),
  new Request('http://127.0.0.1:1/rest/v1/rpc/admin_mfa_status', { method: 'POST', headers: A, body: '{}' }),
  new Request('http://127.0.0.1:1/rest/v1/admin_news?offset=0&limit=25&order=created_at.desc%2Cid.desc', { headers: { ...A, prefer: 'count=exact' } }),
  new Request('http://127.0.0.1:1/rest/v1/contact_messages?offset=0&limit=1&status=eq.new&order=created_at.desc%2Cid.desc', { headers: { ...A, prefer: 'count=exact' } }),
];
for (let round = 0; round < 2; round++) for (const r of reqs()) { counts.clear(); const res = (await standIn.handle(r))!; await res.text(); console.log(round, r.url.slice(28, 60), JSON.stringify(Object.fromEntries(counts))); }
