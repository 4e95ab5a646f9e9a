/** A catalogue part: messages by key, nested. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * Where a resource's strings live: in the folder of its descriptor, `strings.ts` (English) and
 * `strings.hi.ts` (Hindi), the folder's name being the resource's: src/resources/<name>/, or src/<name>/
 * for the screens with a folder of their own (the trash, the push history). A new resource's strings
 * are thus in its folder, with no central file to edit; src/i18n/en.ts and src/i18n/hi.ts gather them
 * with these same patterns (`import.meta.glob` takes literals only), and src/i18n/hi.test.ts holds
 * the two languages to the same keys.
 */
export const STRINGS_FOLDERS = ['../resources', '..'] as const;

/** The strings file of `name` in `language`, from the repository's root (for messages). */
export function stringsFile(name: string, language: 'en' | 'hi', files: Iterable<string>): string {
  const suffix = language === 'en' ? 'strings.ts' : 'strings.hi.ts';
  const found = [...files].find((file) => folderName(file) === name);
  const folder = found ? found.replace(/^\.\.\//, 'src/').replace(/\/[^/]+$/, '') : `src/resources/${name}`;
  return `${folder}/${suffix}`;
}

const folderName = (file: string) => file.split('/').at(-2) ?? file;

/**
 * The resources' strings by resource name, its folder's, from each strings file's `strings` export
 * as `import.meta.glob(…, { import: 'strings' })` finds them (by `../resources/<name>/strings.ts`).
 * src/i18n/resourceFiles.test.ts holds the names unique, so no folder hides another's strings.
 */
export function byResourceName<T>(files: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(files).map(([file, strings]) => [folderName(file), strings]));
}

type Files = Record<string, Messages>;

/**
 * The `strings` export of the files named `file` in the folders under STRINGS_FOLDERS (relative to
 * `base`, an importing module's URL), by `<folder>/<name>/<file>`, read from disk and loaded by tsx:
 * what Vite's eager `import.meta.glob` answers where Vite builds the module (the app, the tests),
 * for the build's and the hosted check's scripts, which run without Vite. Callers choose it only
 * without Vite (`import.meta.env` is Vite's), so the app's bundle leaves it out.
 */
export function resourceFilesFromDisk(file: string, base: string): Files {
  // Node's own modules by name, so the app's bundle imports none of them.
  const node = (globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }).process;
  const fs = node.getBuiltinModule('node:fs') as typeof import('node:fs');
  const { createRequire } = node.getBuiltinModule('node:module') as typeof import('node:module');
  const load = createRequire(base);
  const strings = (key: string) => {
    const { strings } = load(new URL(key, base).pathname) as { strings?: Messages };
    // Vite's glob would read it as undefined: the name is the contract, for both.
    if (!strings) throw new Error(`${key} must export its resource's strings as \`strings\``);
    return strings;
  };
  return Object.fromEntries(
    STRINGS_FOLDERS.flatMap((dir) =>
      fs
        .readdirSync(new URL(`${dir}/`, base), { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && fs.existsSync(new URL(`${dir}/${entry.name}/${file}`, base)),
        )
        .map((entry) => `${dir}/${entry.name}/${file}`),
    )
      .sort()
      .map((key) => [key, strings(key)]),
  );
}
