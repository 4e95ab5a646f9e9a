/**
 * The last step of `npm run build:demo`: fails when any file of dist-demo/ (scripts, pages, the
 * seeded data directory, each read decompressed) carries a service-role key. The demo ships only
 * the stand-in's public anon key; the stand-in signs its service role key in the page when a
 * function or a scheduled job needs it (mocks/supabase/jwt.ts, serviceRoleKey).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOCAL_SERVICE_ROLE_KEY } from '../mocks/supabase/keys';

/** A compact JWS whose header and payload are JSON objects (base64url of "{"). */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;

const payloadOf = (jwt: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
};

const contentOf = (file: string): string => {
  const bytes = readFileSync(file);
  const plain = file.endsWith('.gz')
    ? gunzipSync(bytes)
    : file.endsWith('.br')
      ? brotliDecompressSync(bytes)
      : bytes;
  // latin1: every byte one character, so a key inside binary data is still found.
  return plain.toString('latin1');
};

const filesBelow = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/** Each file below `dir` (relative to it) that holds the local service key or a JWT with role service_role. */
export function serviceKeysIn(dir: string): string[] {
  return filesBelow(dir)
    .filter((file) => {
      const text = contentOf(file);
      if (text.includes(LOCAL_SERVICE_ROLE_KEY)) return true;
      return [...text.matchAll(JWT)].some(([jwt]) => payloadOf(jwt)?.role === 'service_role');
    })
    .map((file) => path.relative(dir, file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist-demo';
  const found = serviceKeysIn(dir);
  if (found.length > 0) {
    console.error(`[demo] a service-role key is in ${dir}/: ${found.join(', ')}`);
    process.exit(1);
  }
  console.log(`[demo] no service-role key in ${dir}/`);
}
