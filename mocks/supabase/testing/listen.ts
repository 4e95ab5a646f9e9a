import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInMiddleware } from '../node';
import type { StandIn } from '../standIn';

/**
 * The stand-in over HTTP on a free loopback port (404 for anything else), as tests and benches
 * reach it; `attach` adds a WebSocket server (Realtime) before it listens.
 */
export async function listenStandIn(
  standIn: StandIn,
  attach?: (server: Server) => void,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const api = standInMiddleware(standIn);
  const server = createServer((req, res) => void api(req, res, () => res.writeHead(404).end()));
  attach?.(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
