import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { NEWS_LIMITS } from '../../domain/limits';
import { preview } from '../../domain/preview';
import { Picture } from '../../storage/Picture';

/** The Article column: thumbnail (or placeholder), title and the first characters of the content. */
export function ArticleCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', maxWidth: 640 }}>
      <Picture src={record.source_url_screenshot} alt="" width={64} height={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2">{record.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {preview(record.content, NEWS_LIMITS.previewChars)}
        </Typography>
      </Box>
    </Box>
  );
}
