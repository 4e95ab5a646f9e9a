import type { ViewRow } from '../../domain/database';
import { defineResourceData } from '../../providers/resourceData';
import { missingLanguageConditions, translatedColumns } from '../../domain/contentLanguages';

/** A row of news: the form's values as stored, with id and creation time (read through admin_news). */
export type News = ViewRow<'admin_news', 'news'>;

/**
 * News Management: searched by title or content, read through admin_news, whose search the planner
 * estimates from the column statistics (docs/architecture/budgets.md, "News search"); written to news.
 */
export const newsData = defineResourceData<News>({
  name: 'news',
  table: 'admin_news',
  audit: { label: 'title' },
  live: true,
  versioned: true,
  versions: true,
  trash: true,
  writes: ['insert', 'update', 'delete'],
  upload: { fileField: 'screenshot_file', urlField: 'source_url_screenshot', bucket: 'news-screenshots' },
  seek: ['owner', 'editor', 'support'],
  searchColumns: ['title', 'content', ...translatedColumns('title', 'content')],
  derivedFilters: { missing: missingLanguageConditions },
  defaultSort: [{ field: 'created_at', ascending: false }],
});
