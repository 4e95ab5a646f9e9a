export const TAG_CATEGORIES = [
  'general',
  'nutrition',
  'dietary',
  'health',
  'allergen',
  'cuisine',
  'preparation',
] as const;
export type TagCategory = (typeof TAG_CATEGORIES)[number];

export const TAG_COLOR_PRESETS = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
] as const;

export const NEW_TAG_DEFAULTS = {
  color: '#ef4444',
  category: 'general' as TagCategory,
  is_active: true,
  sort_order: 0,
};

/** `#rgb` or `#rrggbb`; the tags.color check constraint uses the same pattern. */
export const HEX_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
