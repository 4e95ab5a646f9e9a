import { describe, expect, it } from 'vitest';
import type { Tables } from '../database.types';
import { defineResourceData } from './resourceData';

// `npm run typecheck` is this file's real run: each @ts-expect-error fails the typecheck once its
// line stops being an error, so a descriptor's column names stay checked against the generated rows.
type News = Tables<'news'>;

const checked = [
  defineResourceData<News>({
    name: 'news',
    // @ts-expect-error a search column the row does not have
    searchColumns: ['title', 'contnet'],
    defaultSort: [{ field: 'created_at', ascending: false }],
  }),
  defineResourceData<News>({
    name: 'news',
    // @ts-expect-error a sort key the row does not have
    defaultSort: [{ field: 'createdAt', ascending: false }],
  }),
  defineResourceData<News>({
    name: 'news',
    // @ts-expect-error an audit label the row does not have
    audit: { label: 'headline' },
    defaultSort: [{ field: 'created_at', ascending: false }],
  }),
  defineResourceData<News>({
    name: 'news',
    // @ts-expect-error an upload's URL column the row does not have
    upload: { fileField: 'screenshot_file', urlField: 'screenshot_url', bucket: 'news-screenshots' },
    defaultSort: [{ field: 'created_at', ascending: false }],
  }),
];

describe('resource descriptors', () => {
  it('name columns by the generated row type (checked by tsc, see above)', () => {
    expect(checked).toHaveLength(4);
  });
});
