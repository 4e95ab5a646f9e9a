import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput, useGetList, useRecordContext, useTranslate, WithRecord } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { formatCount } from '../../domain/format';
import { useBulkActions, useRowActionsShown } from '../../editing/bulkActions';
import { RowActions } from '../../editing/RowActions';
import { EmptyWithHeading, ListHeading } from '../../editing/ListHeading';
import { AdminList, ListErrorState } from '../../list';
import { LanguagesField, missingLanguageFilter } from '../../list/LanguagesField';
import { BulkStatusButtons } from './BulkStatusButtons';
import { tagSchema } from '../../domain/contentSchemas';
import { NEW_TAG_DEFAULTS } from '../../domain/tags';
import { contentDialogs } from '../contentDialogs';
import { CATEGORY_CHOICES, TagInputs } from './TagInputs';
import { TagStatus } from './TagStatus';
import { tagsData } from './data';

const tagFilters = [
  <SelectInput
    key="category"
    source="category"
    label="resources.tags.fields.category"
    choices={CATEGORY_CHOICES}
    emptyText="resources.tags.all_categories"
    alwaysOn
  />,
  missingLanguageFilter,
];

const dialogs = contentDialogs({
  resource: tagsData,
  schema: tagSchema,
  defaultValues: { key: '', label: '', icon: '', ...NEW_TAG_DEFAULTS },
  inputs: <TagInputs />,
});

/** Tags Management: searched by label, key or category, filtered by category, with a status switch. */
export default function TagList() {
  const bulkActions = useBulkActions(tagsData.name, <BulkStatusButtons />);
  const rowActions = useRowActionsShown(tagsData.name);
  return (
    <AdminList
      resource={tagsData}
      title="resources.tags.heading"
      searchPlaceholder="resources.tags.search"
      filters={tagFilters}
      header={<TagHeading />}
      empty={<EmptyWithHeading />}
      error={<ListErrorState message="resources.tags.notifications.fetch_failed" />}
      skeletonColumns={7}
      dialogs={dialogs}
      phone={{
        primary: <TagSwatchLabel />,
        secondary: (
          <>
            <WithRecord render={(record) => <CategoryName category={record.category} />} />
            <TagActiveText />
          </>
        ),
        tertiary: <DateTimeField source="created_at" />,
        opens: 'edit',
      }}
    >
      <DataTable bulkActionButtons={bulkActions} rowClick={false}>
        <DataTable.Col source="label" label="resources.tags.fields.tag">
          <TagSwatchLabel />
        </DataTable.Col>
        <DataTable.Col source="key" />
        <DataTable.Col source="category" render={(record) => <CategoryName category={record.category} />} />
        <DataTable.NumberCol source="sort_order" label="resources.tags.fields.sort" />
        <DataTable.Col source="is_active" label="resources.tags.fields.status">
          <TagStatus />
        </DataTable.Col>
        <DataTable.Col label="labellens.content_languages.column">
          <LanguagesField />
        </DataTable.Col>
        <DataTable.Col source="created_at" field={DateTimeField} />
        {rowActions && (
          <DataTable.Col label="resources.tags.fields.actions">
            <RowActions />
          </DataTable.Col>
        )}
      </DataTable>
    </AdminList>
  );
}

/** A category's name in the admin's language; one outside the list as stored. */
function CategoryName({ category }: { category: string }) {
  const translate = useTranslate();
  const known = CATEGORY_CHOICES.find((c) => c.id === category);
  return <span>{known ? translate(known.name) : category}</span>;
}

/** The heading counts all tags in view and, with one small extra count, how many are active. */
function TagHeading() {
  const { total: active } = useGetList('tags', {
    filter: { is_active: true },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  return <ListHeading extra={{ active: active === undefined ? '…' : formatCount(active) }} />;
}

function TagSwatchLabel() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: record.color, flexShrink: 0 }}
      />
      <Typography variant="body2">{record.label}</Typography>
    </Box>
  );
}

/** Active or Inactive as words: a phone's row is a link to the edit form, so it has no switch. */
function TagActiveText() {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? (
    <span>{translate(record.is_active ? 'resources.tags.active' : 'resources.tags.inactive')}</span>
  ) : null;
}
