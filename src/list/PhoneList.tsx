import { Box, List, ListItem, ListItemButton, Typography } from '@mui/material';
import { useDeferredValue, type ReactNode } from 'react';
import {
  RecordContextProvider,
  useCanAccess,
  useCreatePath,
  useListContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { OPENED_FROM_LIST } from './RouteDialogs';

/** What a list shows of each record on a phone; every part renders inside the row's RecordContext. */
export interface PhoneListProps {
  /** The line that names the record (e.g. the scan's name, the user's email). */
  primary: ReactNode;
  /**
   * A second line (e.g. a score badge and the owner's email): its parts sit side by side and wrap,
   * never widening the page. In a row without a dialog it may hold the row's own buttons.
   */
  secondary?: ReactNode;
  /** A short value shown at the right of the first line (e.g. the date). */
  tertiary?: ReactNode;
  /**
   * The route dialog a tap opens, the same one the row's eye or Edit button opens on a desktop:
   * `/<resource>/:id/show` or `/<resource>/:id`; `false` for a list without dialogs (a plain list).
   * An edit dialog opens only for a role that may edit (canAccess); for others the row is plain.
   */
  opens?: 'show' | 'edit' | false;
  /** Shown when the page has no rows (default react-admin's "No results found"). */
  empty?: ReactNode;
}

/**
 * How many rows a phone draws first: a screenful (844 px tall at most rows' 56-72 px) and some. The
 * rest of the page follows in the render after, so that the first rows do not wait for the 25th.
 */
export const FIRST_DRAWN_ROWS = 12;

/** Every record of the current page as a tappable card-like row, 56 px or taller. */
export function PhoneList({ primary, secondary, tertiary, opens: asked = 'show', empty }: PhoneListProps) {
  const { data } = useListContext();
  // On a phone's CPU each row costs a few milliseconds to draw: the first screenful is drawn
  // first, and React draws the rest (as a deferred value) once it has been shown.
  const drawn = useDeferredValue(data?.length ?? 0, Math.min(data?.length ?? 0, FIRST_DRAWN_ROWS));
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit', enabled: asked === 'edit' });
  const opens = asked === 'edit' && !canEdit ? false : asked;
  const createPath = useCreatePath();
  const location = useLocation();
  if (data?.length === 0)
    return (
      empty ?? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('ra.navigation.no_results')}
        </Typography>
      )
    );
  return (
    <List disablePadding data-testid="phone-list">
      {data?.slice(0, drawn).map((record) => {
        const body = (
          <Box sx={{ minWidth: 0, width: '100%', overflowWrap: 'anywhere' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0, typography: 'body1', fontWeight: 500 }}>{primary}</Box>
              {tertiary && (
                <Box sx={{ flexShrink: 0, typography: 'caption', color: 'text.secondary' }}>{tertiary}</Box>
              )}
            </Box>
            {secondary && (
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  typography: 'body2',
                  color: 'text.secondary',
                  mt: 0.5,
                }}
              >
                {secondary}
              </Box>
            )}
          </Box>
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider disablePadding sx={{ minHeight: 56 }}>
              {opens ? (
                <ListItemButton
                  component={Link}
                  to={{
                    pathname: createPath({ resource, id: record.id, type: opens }),
                    search: location.search,
                  }}
                  state={OPENED_FROM_LIST}
                  sx={{ minHeight: 56 }}
                >
                  {body}
                </ListItemButton>
              ) : (
                <Box sx={{ px: 2, py: 1 }}>{body}</Box>
              )}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
