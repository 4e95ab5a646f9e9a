import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { en, RESOURCE_STRINGS_FILES } from './en';
import { hindi } from './hi';

describe("the resources' strings files", () => {
  it('are found in their folders, English and Hindi alike, by the folder name', () => {
    expect([...RESOURCE_STRINGS_FILES].sort()).toEqual([
      '../notifications/strings.ts',
      '../resources/audit-log/strings.ts',
      '../resources/chats/strings.ts',
      '../resources/contact-messages/strings.ts',
      '../resources/health-tips/strings.ts',
      '../resources/news/strings.ts',
      '../resources/profiles/strings.ts',
      '../resources/scans/strings.ts',
      '../resources/tags/strings.ts',
      '../resources/users/strings.ts',
      '../trash/strings.ts',
    ]);
    expect(Object.keys(hindi.resources as object).sort()).toEqual(Object.keys(en.resources).sort());
  });

  it('name each resource once (src/resources/<name>/ and src/<name>/ may not both hold strings)', () => {
    const names = RESOURCE_STRINGS_FILES.map((file) => file.split('/').at(-2));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("each export its strings as `strings` (Vite's glob reads any other name as undefined)", () => {
    const named = (resources: object) =>
      Object.entries(resources)
        .filter(([, strings]) => typeof strings !== 'object')
        .map(([name]) => name);
    expect(named(en.resources)).toEqual([]);
    expect(named(hindi.resources as object)).toEqual([]);
  });

  it('are the same under tsx (the build scripts, without Vite) as under Vite', () => {
    // The node-side loader of src/i18n/resourceFiles.ts, as scripts run it, against the glob's answer here.
    const script = `Promise.all([import('./src/i18n/en.ts'), import('./src/i18n/hi.ts')]).then(([e, h]) =>
      process.stdout.write(JSON.stringify({ files: e.RESOURCE_STRINGS_FILES, en: e.en.resources, hi: h.hindi.resources })))`;
    const underTsx = JSON.parse(execFileSync('npx', ['tsx', '-e', script], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(underTsx.files).toEqual([...RESOURCE_STRINGS_FILES].sort());
    expect(underTsx.en).toEqual(en.resources);
    expect(underTsx.hi).toEqual(hindi.resources);
  }, 30_000);
});
