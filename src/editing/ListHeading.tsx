import { Box, Card, Typography } from '@mui/material';
import { useEffect } from 'react';
import { CreateButton, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { countParams } from '../domain/format';
import { ListEmptyState } from '../list';
import { OPENED_FROM_LIST } from '../list/RouteDialogs';
import { rescueFocus } from '../layout/focusMainHeading';
import { resourceText } from '../i18n/resourceText';

/**
 * A content list's heading: `resources.<resource>.heading`, its count line (`count`, given the
 * list's total and any `extra` values) and the resource's Add button, which opens the create dialog.
 */
export function ListHeading({ extra }: { extra?: Record<string, unknown> }) {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { total, data } = useListContext();
  // A deleted row takes its focused Delete button with it: focus goes to this heading, not the body.
  useEffect(rescueFocus, [data]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h5" component="h1">
          {resourceText(translate, resource, 'heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {total === undefined
            ? '\u00a0'
            : resourceText(translate, resource, 'count', { ...countParams(total), ...extra })}
        </Typography>
      </Box>
      <CreateButton
        variant="contained"
        label={resourceText(translate, resource, 'add')}
        state={OPENED_FROM_LIST}
      />
    </Box>
  );
}

/** The empty state of a content list: its heading and Add button stay, so the first record can be added. */
export function EmptyWithHeading() {
  return (
    <Card sx={{ mt: 2 }}>
      <ListHeading />
      <ListEmptyState />
    </Card>
  );
}
