/**
 * `npm run bench:deploy`: what a returning operator downloads after a deploy that changed one line
 * of one screen (docs/architecture.md, "Budgets": at most 30 KB of JavaScript). Builds the product
 * with a one-line change in the Food Scans list (SCREEN, CHANGE), puts the line back, builds again,
 * and compares dist/assets/: every script file whose name is new had to be downloaded again (a file
 * keeps its name, and so its year-long cache entry, only while its content is the same), counted as
 * served (its Brotli copy). The admin's pages (the import map) are counted beside it; they are never
 * cached without asking. Exits 1 over the budget. The source is left as it was, and dist/ as
 * `npm run build` makes it.
 *
 *   npm run bench:deploy
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SCREEN = 'src/resources/scans/ScanList.tsx';
/** The one line: the number of placeholder columns while the list loads. */
const CHANGE = { from: 'skeletonColumns={7}', to: 'skeletonColumns={8}' };
const BUDGET_BYTES = 30 * 1000;
const ASSETS = 'dist/assets';

/** A file's size as served: its Brotli copy where the build wrote one (scripts/precompress.ts). */
const servedBytes = (file: string) => statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;

function build(): Map<string, number> {
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Map(
    readdirSync(ASSETS)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, servedBytes(path.join(ASSETS, name))]),
  );
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function main(): void {
  const original = readFileSync(SCREEN, 'utf8');
  if (original.split(CHANGE.from).length !== 2)
    throw new Error(`${SCREEN} must hold "${CHANGE.from}" once: update CHANGE in scripts/bench-deploy.ts`);
  const restore = () => writeFileSync(SCREEN, original);
  process.once('SIGINT', () => {
    restore();
    process.exit(130);
  });
  let before: Map<string, number>;
  writeFileSync(SCREEN, original.replace(CHANGE.from, CHANGE.to));
  try {
    before = build();
  } finally {
    restore();
  }
  const after = build();
  const renamed = [...after].filter(([name]) => !before.has(name));
  const total = renamed.reduce((sum, [, bytes]) => sum + bytes, 0);
  const all = [...after.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`one line changed in ${SCREEN} ("${CHANGE.from}" <-> "${CHANGE.to}"):`);
  for (const [name, bytes] of renamed) console.log(`  ${kb(bytes).padStart(10)} br  ${name}`);
  console.log(
    `${renamed.length} of ${after.size} scripts renamed: ${kb(total)} of ${kb(all)} as served; budget ${kb(BUDGET_BYTES)}`,
  );
  const page = servedBytes('dist/admin/index.html');
  console.log(`the admin's page (with the import map), fetched on every visit: ${kb(page)}`);
  if (total > BUDGET_BYTES) {
    console.error(`a returning operator downloads ${kb(total - BUDGET_BYTES)} more than the budget`);
    process.exitCode = 1;
  }
}

main();
