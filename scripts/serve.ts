/**
 * Serves the built product (dist/) and, unless a hosted Supabase project was configured at build
 * time, the local Supabase stand-in on the same origin. Used by `npm start` and the browser tests.
 * Ctrl-C or SIGTERM stops taking requests and closes the database before the process exits.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../mocks/supabase/demoAccounts';
import { exitWhenFolderInUse } from '../mocks/supabase/localDatabase';
import { serveRealtime, standInMiddleware, startStandIn } from '../mocks/supabase/node';
import { startSchedule } from '../mocks/supabase/schedule';
import { builtScriptHashes, securityHeaders } from './securityHeaders';
import { networkWarning, serveAddress } from './serveAddress';
import { staticFileHandler } from './staticFiles';

const DIST = path.resolve('dist');
const HOST = process.env.HOST ?? '127.0.0.1';
const PORT = Number(process.env.PORT ?? 5173);
const hosted = Boolean(process.env.VITE_SUPABASE_URL);
const ADDRESS = serveAddress(HOST, PORT, process.env.PUBLIC_URL);
/** How long open requests may take to finish after a stop signal before the process exits anyway. */
const STOP_GRACE_MS = 5000;

async function main() {
  if (!existsSync(path.join(DIST, 'admin/index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm start does both).');
    process.exit(1);
  }
  const standIn = hosted
    ? undefined
    : await startStandIn({ command: 'npm start', publicUrl: ADDRESS.publicUrl }).catch(exitWhenFolderInUse);
  const api = standIn && standInMiddleware(standIn);
  const serveStatic = staticFileHandler(
    DIST,
    securityHeaders({ supabaseUrl: process.env.VITE_SUPABASE_URL, scriptHashes: builtScriptHashes(DIST) }),
  );
  const server = createServer((req, res) => {
    const next = () =>
      void serveStatic(req, res).catch((error) => {
        console.error(error);
        res.statusCode = 500;
        res.end();
      });
    if (api) void api(req, res, next);
    else next();
  });

  // Realtime (WebSocket upgrades) on the same origin, as a hosted project serves /realtime/v1.
  const realtime = standIn && (await serveRealtime(server, standIn));

  let stopping = false;
  let stopSchedule = () => undefined as void;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stopSchedule();
    console.log(`\n${signal}: stopping${standIn ? ' and closing the database' : ''}...`);
    const exitAnyway = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    // Open WebSockets would hold server.close; their clients reconnect to the next server.
    const realtimeClosed = realtime?.close() ?? Promise.resolve();
    server.close(() => {
      clearTimeout(exitAnyway);
      void realtimeClosed
        .then(() => standIn?.db.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('Closing the database failed:', error);
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `Port ${PORT} on ${HOST} is in use: set PORT to a free one.` : error,
    );
    void (standIn?.db.close() ?? Promise.resolve()).finally(() => process.exit(1));
  });
  server.listen(PORT, HOST, () => {
    const url = `http://${HOST}:${PORT}`;
    console.log(`\nLabelLens is running at ${url}/  (admin: ${url}/admin/)`);
    if (standIn) stopSchedule = startSchedule(standIn, `http://127.0.0.1:${PORT}`, console.log);
    if (!hosted) {
      console.log('Local backend: the Supabase stand-in on the same origin. Demo accounts:');
      for (const a of DEMO_ACCOUNTS) {
        console.log(`  ${a.email.padEnd(30)} ${a.password.padEnd(22)} ${a.description}`);
        // Add it to an authenticator app (or compute codes from it) for the code step after the password.
        if ('totpSecret' in a) console.log(`  ${''.padEnd(30)} TOTP secret: ${a.totpSecret}`);
      }
      // Password-reset emails go nowhere but here (the local Auth's mail sandbox).
      console.log(
        ADDRESS.mailUrl
          ? `Local mail (password-reset links, this machine only): ${ADDRESS.mailUrl}`
          : `Local mail: not reachable (HOST=${HOST} does not listen on a loopback address, and /mail answers only those).`,
      );
      console.log(`Auth's links lead to ${ADDRESS.publicUrl} (PUBLIC_URL sets another address).`);
      if (ADDRESS.servesNetwork) console.warn(networkWarning(HOST));
    }
  });
}

void main();
