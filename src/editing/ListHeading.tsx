import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton, useListContext, useResourceContext, useTranslate } from 'react-admin';

/**
 * A content list's heading: `resources.<resource>.heading`, a count line (`count`, given the list's
 * total and any extra values) and the resource's Add button, which opens the create dialog.
 */
export function ListHeading({ extra, children }: { extra?: Record<string, unknown>; children?: ReactNode }) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const { total } = useListContext();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 2, mb: 1 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h5" component="h1">
          {translate(`resources.${resource}.heading`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {total === undefined
            ? '\u00a0'
            : translate(`resources.${resource}.count`, { count: total, ...extra })}
        </Typography>
      </Box>
      {children}
      <CreateButton variant="contained" label={`resources.${resource}.add`} />
    </Box>
  );
}
