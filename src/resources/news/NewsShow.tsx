import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { DateField, RecordContextProvider, useGetOne, useTranslate, type Identifier } from 'react-admin';
import { Screenshot } from './Screenshot';
import { SourceLink } from './SourceLink';

/** The view dialog: title, date, View Original, screenshot, full content and source information. */
export function NewsShow({ id, onClose }: { id: Identifier; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const { data: article, isPending, error } = useGetOne('news', { id });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {article?.title ?? translate('resources.news.name', { smart_count: 1 })}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && <LinearProgress />}
        {error && <Alert severity="warning">{translate('ra.notification.item_doesnt_exist')}</Alert>}
        {article && (
          <RecordContextProvider value={article}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
              <DateField source="created_at" variant="body2" color="text.secondary" />
              <SourceLink url={article.source_url}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {translate('resources.news.view_original')}
                  <OpenInNewIcon fontSize="inherit" />
                </Box>
              </SourceLink>
            </Box>
            <Screenshot
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
                <DateField source="created_at" showTime />
              </Box>
              <dt>{translate('resources.news.article_id')}</dt>
              <Box component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
                {article.id}
              </Box>
            </Box>
          </RecordContextProvider>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
