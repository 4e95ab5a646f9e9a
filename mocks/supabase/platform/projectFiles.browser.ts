/**
 * projectFiles.ts for a browser bundle (a bundler alias puts this module in its place): the files
 * the stand-in reads, taken into the bundle as text when it is built.
 */
const FILES = import.meta.glob<string>(['/supabase/config.toml', '/supabase/templates/*.html'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function readProjectFile(relative: string): string {
  const key = `/${relative.replace(/^\.\//, '')}`;
  const text = FILES[key];
  if (text === undefined) throw new Error(`${relative} is not bundled (platform/projectFiles.browser.ts)`);
  return text;
}
