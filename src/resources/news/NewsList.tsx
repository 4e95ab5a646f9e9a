import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { DataTable, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { useBulkActions } from '../../editing/bulkActions';
import { RowActions } from '../../editing/RowActions';
import { EmptyWithHeading, ListHeading } from '../../editing/ListHeading';
import { AdminList, ListErrorState, ShowDialogButton } from '../../list';
import { LanguagesField, missingLanguageFilter } from '../../list/LanguagesField';
import { ArticleCell } from './ArticleCell';
import { newsFormSchema } from '../../domain/contentSchemas';
import { contentDialogs } from '../contentDialogs';
import { NewsInputs } from './NewsInputs';
import { NewsShow } from './NewsShow';
import { SourceLink } from './SourceLink';
import { newsData } from './data';

const dialogs = contentDialogs({
  resource: newsData,
  schema: newsFormSchema,
  defaultValues: { title: '', content: '', source_url: '', source_url_screenshot: '', screenshot_file: null },
  inputs: <NewsInputs />,
});

/** News Articles: newest first, searched by title or content, with route-driven dialogs. */
export default function NewsList() {
  const bulkActions = useBulkActions(newsData.name);
  return (
    <AdminList
      resource={newsData}
      title="resources.news.heading"
      searchPlaceholder="resources.news.search"
      filters={[missingLanguageFilter]}
      header={<ListHeading />}
      empty={<EmptyWithHeading />}
      error={<ListErrorState message="resources.news.notifications.fetch_failed" />}
      skeletonColumns={4}
      dialogs={{ ...dialogs, show: NewsShow }}
      phone={{ primary: <TextField source="title" />, tertiary: <DateTimeField source="created_at" /> }}
    >
      <DataTable bulkActionButtons={bulkActions} rowClick={false}>
        <DataTable.Col source="title" label="resources.news.fields.article">
          <ArticleCell />
        </DataTable.Col>
        <DataTable.Col
          source="source_url"
          label="resources.news.fields.source"
          render={(record) => <SourceLink url={record.source_url} />}
        />
        <DataTable.Col label="labellens.content_languages.column">
          <LanguagesField />
        </DataTable.Col>
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col label="resources.news.fields.actions">
          <NewsActions />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

function NewsActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <RowActions>
        <ShowDialogButton />
      </RowActions>
      <Tooltip title={translate('resources.news.open_source')}>
        <IconButton
          component="a"
          href={record.source_url}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          aria-label={translate('resources.news.open_source')}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
