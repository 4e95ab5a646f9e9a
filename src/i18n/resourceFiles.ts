/** A catalogue part: messages by key, nested. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * The strings files of the resources, as `import.meta.glob('./resources/*.ts', { eager: true })` finds
 * them, by resource name: `./resources/health-tips.ts` holds the strings of `health-tips`. A new
 * resource's strings are its file alone, in English (src/i18n/resources/) and Hindi
 * (src/i18n/hi/resources/); src/i18n/hi.test.ts holds the two to the same keys.
 */
export function byResourceName<T>(files: Record<string, Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(files).map(([file, exports]) => {
      const values = Object.values(exports);
      // One export a file: which one to merge is never a guess.
      if (values.length !== 1)
        throw new Error(
          `${file} must export exactly one object, the resource's strings (it exports ${values.length})`,
        );
      return [file.replace(/^.*\/([^/]+)\.ts$/, '$1'), values[0]];
    }),
  );
}

type Files = Record<string, Record<string, Messages>>;

/**
 * The files of `dir` (relative to `base`, an importing module's URL) matching `*.ts`, each module's
 * exports by `./<dir>/<file>`: Vite's eager `import.meta.glob` when Vite builds the module (the app,
 * the tests), else read from disk and loaded by tsx (the build's and the hosted check's scripts,
 * which run without Vite). `found` is the glob's answer, given only under Vite.
 */
export function resourceFiles(found: Files | undefined, dir: string, base: string): Files {
  if (found) return found;
  // Node's own modules by name, so the app's bundle imports none of them.
  const node = (globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }).process;
  const fs = node.getBuiltinModule('node:fs') as typeof import('node:fs');
  const { createRequire } = node.getBuiltinModule('node:module') as typeof import('node:module');
  const load = createRequire(base);
  const folder = new URL(`${dir}/`, base);
  return Object.fromEntries(
    fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => [`${dir}/${file}`, load(new URL(file, folder).pathname) as Record<string, Messages>]),
  );
}
