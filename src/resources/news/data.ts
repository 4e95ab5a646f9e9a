import type { Tables } from '../../database.types';
import { defineResourceData } from '../../providers/resourceData';

/** A row of news: the form's values as stored, with id and creation time. */
export type News = Tables<'news'>;

/** News Management: searched by title or content. */
export const newsData = defineResourceData<News>({
  name: 'news',
  audit: { label: 'title' },
  live: true,
  versioned: true,
  versions: true,
  trash: true,
  writes: ['insert', 'update', 'delete'],
  upload: { fileField: 'screenshot_file', urlField: 'source_url_screenshot', bucket: 'news-screenshots' },
  seek: ['owner', 'editor', 'support'],
  searchColumns: ['title', 'content'],
  defaultSort: [{ field: 'created_at', ascending: false }],
});
