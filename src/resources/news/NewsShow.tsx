import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { RecordTabs } from '../audit-log/RecordTabs';
import { RecordDialog } from '../../list';
import { Picture } from '../../storage/Picture';
import { SourceLink } from './SourceLink';

/** The view dialog: title, date, View Original, screenshot, full content and source information. */
export function NewsShow({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <RecordDialog<RaRecord> resource="news" id={id} onClose={onClose} title={(article) => article.title}>
      <RecordTabs table="news" id={id}>
        <ArticleDetails />
      </RecordTabs>
    </RecordDialog>
  );
}

function ArticleDetails() {
  const translate = useTranslate();
  const article = useRecordContext();
  if (!article) return null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <DateTimeField source="created_at" variant="body2" color="text.secondary" />
        <SourceLink url={article.source_url}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {translate('resources.news.view_original')}
            <OpenInNewIcon fontSize="inherit" />
          </Box>
        </SourceLink>
      </Box>
      <Picture
        src={article.source_url_screenshot}
        alt={translate('resources.news.fields.source_url_screenshot')}
        width="100%"
        height={280}
      />
      <Typography sx={{ whiteSpace: 'pre-wrap', my: 2 }}>{article.content}</Typography>
      <Typography variant="subtitle2" component="h3">
        {translate('resources.news.source_info')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}
      >
        <dt>{translate('resources.news.fields.source_url')}</dt>
        <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
          <SourceLink url={article.source_url}>{article.source_url}</SourceLink>
        </Box>
        <dt>{translate('resources.news.added')}</dt>
        <Box component="dd" sx={{ m: 0 }}>
          <DateTimeField source="created_at" showTime />
        </Box>
        <dt>{translate('resources.news.article_id')}</dt>
        <Box component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
          {article.id}
        </Box>
      </Box>
    </>
  );
}
