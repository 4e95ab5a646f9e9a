/**
 * A stand-in server in its own process, for tests that measure its memory (a test's own heap and
 * PGlite instances would blur the figures). Forked with IPC (run it with --expose-gc): it sends
 * `{ port }` once listening; `'rss'` answers `{ rss, peak }` in bytes, the resident set size after
 * a garbage collection and the highest one sampled (every 20 ms) since the last `'rss'`;
 * `{ sql }` runs a statement as the database's superuser (a test's own bucket) and answers
 * `{ done: true }`; `'stop'` ends it. LOCAL_DB_DIR chooses the database (default: in memory); a
 * folder starts as the tests' migrated and seeded snapshot (testing/snapshot.ts), which `npm start`'s
 * code then opens as it opens any prepared folder: migrating afresh cost every start about 6 s.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInMiddleware, startStandIn } from '../node';
import { writeSnapshotFolder } from './snapshot';

const dataDir = process.env.LOCAL_DB_DIR ?? 'memory';
// The snapshot's files written straight into the folder: loading them through an in-process PGlite
// (loadDataDir) started and stopped PostgreSQL once more, about 2 s.
if (dataDir !== 'memory') await writeSnapshotFolder(dataDir);
const standIn = await startStandIn({ dataDir, log: () => undefined });
const api = standInMiddleware(standIn);
const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const gc = (globalThis as { gc?: () => void }).gc;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
process.on('message', (message: unknown) => {
  if (message === 'rss') {
    gc?.();
    const rss = process.memoryUsage.rss();
    process.send?.({ rss, peak: Math.max(peak, rss) });
    peak = rss;
  } else if (message === 'stop') {
    clearInterval(sampler);
    server.closeAllConnections();
    server.close(() => void standIn.db.close().then(() => process.exit(0)));
  } else if (typeof message === 'object' && message && 'sql' in message) {
    void standIn.db.exec(String(message.sql)).then(() => process.send?.({ done: true }));
  }
});
process.send?.({ port: (server.address() as AddressInfo).port });
