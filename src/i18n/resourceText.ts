import type { TranslateFunction } from 'react-admin';

/**
 * The words of a resource (`resources.<name>.<key>`) that shared code builds at run time, each with a
 * default wording, so a resource that does not word one itself never shows an operator a raw key.
 * The defaults (src/i18n/defaults.ts) name the resource with `%{Item}` / `%{item}` (one, capitalised
 * or not) and `%{Items}` / `%{items}` (many); src/i18n/catalogue.test.ts walks the registry with them.
 */
export const RESOURCE_KEYS = [
  'heading',
  'count',
  'add',
  'create_title',
  'edit_title',
  'new_rows',
  'message.bulk_delete_content',
  'notifications.created',
  'notifications.updated',
  'notifications.deleted',
  'notifications.bulk_deleted',
  'notifications.fetch_failed',
  'notifications.create_failed',
  'notifications.update_failed',
  'notifications.delete_failed',
  'notifications.status_failed',
] as const;

export type ResourceKey = (typeof RESOURCE_KEYS)[number];

export const isResourceKey = (key: string): key is ResourceKey =>
  (RESOURCE_KEYS as readonly string[]).includes(key);

/** `news-screenshots` -> `News screenshots`: a name for what the catalogue does not name. */
export const humanise = (name: string) => {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A resource's name for `count` records ("News article", "News articles"), else its humanised route name. */
export const resourceName = (translate: TranslateFunction, resource: string, count = 1): string =>
  translate(`resources.${resource}.name`, { smart_count: count, _: humanise(resource) });

/**
 * `resources.<resource>.<key>`, or else its default wording. `options` are the message's own
 * (smart_count, count, ...); the resource's name joins them for the default.
 */
export function resourceText(
  translate: TranslateFunction,
  resource: string,
  key: ResourceKey,
  options: Record<string, unknown> = {},
): string {
  const count = Number(options.smart_count ?? options.count ?? 1);
  const one = resourceName(translate, resource, 1);
  const many = resourceName(translate, resource, 2);
  const names = { Item: one, item: lowerFirst(one), Items: many, items: lowerFirst(many) };
  const fallback = translate(`labellens.defaults.${key}`, { smart_count: count, ...options, ...names });
  return translate(`resources.${resource}.${key}`, { ...options, _: fallback });
}

/** The audit trail's name for a row of the resource, when its strings give one (`trail`). */
export const trailKey = (resource: string) => `resources.${resource}.trail`;

/** A field's label, else its humanised column name (react-admin's own fallback for labels). */
export const fieldLabel = (translate: TranslateFunction, resource: string, source: string) =>
  translate(`resources.${resource}.fields.${source}`, { _: humanise(source) });

/**
 * A resource's toast for `outcome` (`resources.<resource>.notifications.<outcome>`) and its heading
 * when the resource gives its toasts one (`success_title`, `error_title`). An outcome of the
 * resource's own ('archived') defaults to the plain update's wording, or its failure's.
 */
export function resourceToast(
  translate: TranslateFunction,
  resource: string,
  outcome: string,
  type: 'success' | 'error',
  count: number,
) {
  const key = `notifications.${outcome}`;
  const counted = { smart_count: count };
  const plain = type === 'success' ? 'notifications.updated' : 'notifications.update_failed';
  const message = isResourceKey(key)
    ? resourceText(translate, resource, key, counted)
    : translate(`resources.${resource}.${key}`, {
        ...counted,
        _: resourceText(translate, resource, plain, counted),
      });
  const title = translate(`resources.${resource}.notifications.${type}_title`, { _: '' });
  return { message, title };
}
