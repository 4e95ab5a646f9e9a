/**
 * A stand-in server in its own process, for tests that measure its memory (a test's own heap and
 * PGlite instances would blur the figures). Forked with IPC: it sends `{ port }` once listening,
 * answers `'rss'` with its resident set size in bytes after a garbage collection (run it with
 * --expose-gc), and stops on `'stop'`. LOCAL_DB_DIR chooses the database (default: in memory).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInMiddleware, startStandIn } from '../node';

const standIn = await startStandIn({ dataDir: process.env.LOCAL_DB_DIR ?? 'memory', log: () => undefined });
const api = standInMiddleware(standIn);
const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message === 'rss') {
    gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  } else if (message === 'stop') {
    server.closeAllConnections();
    server.close(() => void standIn.db.close().then(() => process.exit(0)));
  }
});
process.send?.({ port: (server.address() as AddressInfo).port });
