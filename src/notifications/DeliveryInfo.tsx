import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NOTIFICATION_LIMITS } from '../domain/notification';

const REQUIREMENTS = ['app', 'permission', 'fields', 'limits', 'data'] as const;

/** How the push reaches the user's Android device, and what a send needs. */
export function DeliveryInfo() {
  const translate = useTranslate();
  const args = {
    title: NOTIFICATION_LIMITS.titleMax,
    body: NOTIFICATION_LIMITS.bodyMax,
    bytes: NOTIFICATION_LIMITS.dataMaxBytes,
  };
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>{translate('labellens.notifications.info_title')}</AlertTitle>
      <Typography variant="body2">{translate('labellens.notifications.info_text')}</Typography>
      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        {translate('labellens.notifications.requirements_title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {REQUIREMENTS.map((requirement) => (
          <Typography component="li" variant="body2" key={requirement}>
            {translate(`labellens.notifications.requirements.${requirement}`, args)}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
