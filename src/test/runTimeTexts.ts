import type { TranslateFunction } from 'react-admin';
import { RESOURCE_DATA } from '../resources';
import { RESOURCE_KEYS, resourceName, resourceText } from '../i18n/resourceText';

/**
 * Every text code builds at run time from the registry, as the language shown words it: each
 * resource's name and run-time keys (src/i18n/resourceText.ts), for one and for three. `at` names it.
 */
export function runTimeTexts(translate: TranslateFunction): { resource: string; at: string; text: string }[] {
  const names = [...new Set(RESOURCE_DATA.map((data) => data.name))];
  return names.flatMap((resource) =>
    [...RESOURCE_KEYS, 'name' as const].flatMap((key) =>
      [1, 3].map((count) => ({
        resource,
        at: `${resource}: ${key} (${count})`,
        text:
          key === 'name'
            ? resourceName(translate, resource, count)
            : resourceText(translate, resource, key, { smart_count: count, count, active: count }),
      })),
    ),
  );
}
