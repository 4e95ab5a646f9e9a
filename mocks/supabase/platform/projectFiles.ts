import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A text file of the project the stand-in follows (supabase/config.toml, the email templates), by
 * its path from the repository's root. Read from disk here; a browser bundle swaps this module for
 * projectFiles.browser.ts, which has the same files bundled.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function readProjectFile(relative: string): string {
  return readFileSync(path.resolve(ROOT, relative), 'utf8');
}
