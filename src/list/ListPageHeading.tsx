import { Typography } from '@mui/material';
import { isValidElement, type ReactElement } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';
import { resourceName } from '../i18n/resourceText';

/**
 * The main heading (h1) of a list that has no heading of its own: its title (a catalogue key), else
 * the resource's plural name. Shown above the list in every state (loading, empty, error).
 */
export function ListPageHeading({ title }: { title?: string | ReactElement }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  if (isValidElement(title)) return null;
  return (
    <Typography variant="h5" component="h1" sx={{ pt: 2 }}>
      {title ? translate(title) : resourceName(translate, resource, 2)}
    </Typography>
  );
}
