import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFileStep, applyToText, guideSteps, markerCount, type GuideStep } from './guide/steps';

/**
 * docs/adding-a-resource.md (and its second example, docs/adding-a-resource/recalls.md) followed as a newcomer would, from scratch: every edit of its examples is
 * read from the page (the blocks after `<!-- example:<id> … -->`), made on a fresh copy of the
 * repository (its tracked files; node_modules linked), with the page's commands run there (the
 * migration written by `npm run db:diff`, the row types by `npm run gen:types`). Then the files each
 * example touched are counted, and the checks run on the copy: tsc, and the test files that read the
 * registry and the catalog (schemas, descriptors, RLS and registry access, SQL lists, trash,
 * Realtime authorization, palette, catalogue, registry).
 *
 * Minutes of CPU: it runs with `npm run test:guide` (LABELLENS_GUIDE_TEST=1), a step of .ci/run of
 * its own; `npm test` runs only the first describe (the page's edits still apply to this checkout).
 */

const root = path.resolve(import.meta.dirname, '..');
/** The guide's pages, in the order a reader follows them (the second example builds on the first). */
const GUIDE_PAGES = ['docs/adding-a-resource.md', 'docs/adding-a-resource/recalls.md'];
const guide = GUIDE_PAGES.map((page) => readFileSync(path.join(root, page), 'utf8')).join('\n');
const EXAMPLES = ['allergen-guides', 'recalls'] as const;

/**
 * What a resource is, by the guide: its folder (with its strings), schema file, migration, registry
 * line, seed rows, and the row types `npm run gen:types` writes.
 */
const MOST_FILES = 6;

/** The test files whose expectations come from the registry and the catalog. */
const CHECKS = [
  'supabase/tests/schemas.test.ts',
  'supabase/tests/descriptors.test.ts',
  'supabase/tests/rls.test.ts',
  'supabase/tests/registryAccess.test.ts',
  'supabase/tests/sqlLists.test.ts',
  'supabase/tests/buckets.test.ts',
  'supabase/tests/trash.test.ts',
  'supabase/tests/realtimeAuthorization.test.ts',
  'supabase/tests/mfaAudit.test.ts',
  'supabase/tests/palette.test.ts',
  'src/i18n/catalogue.test.ts',
  'src/i18n/hi.test.ts',
  'src/resources/registry.test.ts',
];

describe('docs/adding-a-resource.md, read as edits', () => {
  it("has both examples, each edit applicable to this checkout in the page's order", () => {
    // The files as the reader would have them, one example after the other (in memory).
    const files = new Map<string, string | undefined>();
    const read = (file: string) => {
      if (!files.has(file)) {
        const full = path.join(root, file);
        files.set(file, existsSync(full) ? readFileSync(full, 'utf8') : undefined);
      }
      return files.get(file);
    };
    for (const example of EXAMPLES) {
      const steps = guideSteps(guide, example);
      // A marker not followed by its block (or that the reader cannot parse) is a step lost.
      expect(steps.length, example).toBe(markerCount(guide, example));
      expect(steps.filter((s) => s.kind !== 'run').length, example).toBeGreaterThan(10);
      for (const step of steps)
        if (step.kind !== 'run') files.set(step.file, applyToText(read(step.file), step));
    }
  });
});

/** A command in the copy, with none of this run's test variables (the copy builds its own snapshot). */
function sh(cwd: string, command: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|LABELLENS_|TEST$|NODE_ENV$)/.test(key)),
  );
  try {
    return execFileSync('sh', ['-c', command], {
      cwd,
      env,
      encoding: 'utf8',
      stdio: 'pipe',
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`\`${command}\` failed in the copy:\n${stdout ?? ''}\n${stderr ?? ''}`.slice(-12_000));
  }
}

/** The repository's tracked files (as they are in this checkout) in a new directory, committed. */
function freshCopy(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'labellens-guide-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    try {
      copyFileSync(path.join(root, file), path.join(copy, file));
    } catch (error) {
      // A tracked file deleted in this checkout is not part of it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  sh(
    copy,
    'git init -q && git add -A && git -c user.name=guide -c user.email=guide@example.com commit -qm base',
  );
  return copy;
}

/** The files changed since the last commit, a resource folder counted once (as `<folder>/`). */
function touched(copy: string): string[] {
  const paths = sh(copy, 'git status --porcelain -uall')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const grouped = paths.map(
    (p) => /^src\/resources\/[^/]+\//.exec(p)?.[0] ?? p.replace(/\/\d{14}_/, '/<timestamp>_'),
  );
  return [...new Set(grouped)].sort();
}

function follow(copy: string, example: string) {
  for (const step of guideSteps(guide, example) as GuideStep[]) {
    if (step.kind === 'run') for (const command of step.commands) sh(copy, command);
    else applyFileStep(copy, step);
  }
  const files = touched(copy);
  sh(copy, `git add -A && git -c user.name=guide -c user.email=guide@example.com commit -qm ${example}`);
  return files;
}

describe.skipIf(process.env.LABELLENS_GUIDE_TEST !== '1')(
  'docs/adding-a-resource.md, followed on a fresh copy',
  () => {
    let copy: string;
    const files: Record<string, string[]> = {};
    beforeAll(() => {
      copy = freshCopy();
    }, 120_000);
    afterAll(() => {
      if (copy) rmSync(copy, { recursive: true, force: true });
    });

    it('Allergen guides: the edits the page shows, and the files they touch', () => {
      files['allergen-guides'] = follow(copy, 'allergen-guides');
      expect(files['allergen-guides']).toEqual(EXPECTED_FILES['allergen-guides']);
    }, 600_000);

    it('Recalls (an upload to a new public bucket), after it: the edits the page shows, and the files they touch', () => {
      files.recalls = follow(copy, 'recalls');
      expect(files.recalls).toEqual(EXPECTED_FILES.recalls);
    }, 600_000);

    it('type-checks, and the registry and catalog checks pass, with both resources', () => {
      sh(copy, 'npx tsc --noEmit -p tsconfig.json');
      sh(copy, `npx vitest run ${CHECKS.join(' ')}`);
    }, 1_200_000);

    it(`each example touches at most ${MOST_FILES} files, a folder counted once`, () => {
      for (const example of EXAMPLES) expect(files[example]?.length, example).toBeLessThanOrEqual(MOST_FILES);
    });
  },
);

/**
 * The files each example touches (a folder counted once, its strings in it): the six the page
 * promises. An upload's new bucket is declared in the resource's descriptor; `npm run db:diff`
 * writes its row into the migration.
 */
const EXPECTED_FILES: Record<(typeof EXAMPLES)[number], string[]> = {
  'allergen-guides': [
    'src/database.types.ts',
    'src/resources/allergen-guides/',
    'src/resources/index.ts',
    'supabase/migrations/<timestamp>_allergen_guides.sql',
    'supabase/schemas/46_allergen_guides.sql',
    'supabase/seed.sql',
  ],
  recalls: [
    'src/database.types.ts',
    'src/resources/index.ts',
    'src/resources/recalls/',
    'supabase/migrations/<timestamp>_recalls.sql',
    'supabase/schemas/48_recalls.sql',
    'supabase/seed.sql',
  ],
};
