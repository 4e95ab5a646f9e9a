import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * What the push looks like in an Android notification shade, as it is typed; `name` tells two
 * previews on one screen apart (the audience composer's English and Hindi).
 */
export function NotificationPreview({
  title,
  body,
  name = 'notification-preview',
  heading = 'labellens.notifications.preview',
}: {
  title: string;
  body: string;
  name?: string;
  heading?: string;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={`${name}-heading`}>
      <Typography id={`${name}-heading`} variant="subtitle2" gutterBottom>
        {translate(heading)}
      </Typography>
      <Box sx={{ bgcolor: 'grey.900', borderRadius: 3, p: 1.5 }}>
        <Paper
          data-testid={name}
          elevation={0}
          sx={{ borderRadius: 4, p: 1.5, bgcolor: 'grey.100', color: 'grey.900' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <NotificationsIcon sx={{ fontSize: 16, color: 'success.main' }} aria-hidden />
            <Typography variant="caption" sx={{ color: 'grey.700' }}>
              {translate('labellens.notifications.preview_app')} ·{' '}
              {translate('labellens.notifications.preview_now')}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title.trim() ? title : translate('labellens.notifications.preview_title')}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'grey.800', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {body.trim() ? body : translate('labellens.notifications.preview_body')}
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
