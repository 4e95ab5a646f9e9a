import type { PaletteDataProvider } from '../providers/paletteMethods';
import AddIcon from '@mui/icons-material/Add';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Dialog, IconButton, InputBase, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  useBasename,
  useDataProvider,
  useLogout,
  usePermissions,
  useStore,
  useTheme,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { countParams, formatDate } from '../domain/format';
import type { OperatorRole } from '../domain/operatorRoles';
import { isPaletteQuery, PALETTE_DEBOUNCE_MS, PALETTE_MAX_CHARS, PALETTE_RECENT } from '../domain/palette';
import { usePhone } from '../layout/phone';
import { composeTo } from '../routes';
import { useDebouncedValue } from '../notifications/useDebouncedValue';
import { canOperate, MENU_ITEMS, PALETTE_KINDS } from '../resources';
import type { PaletteHit } from '../providers/paletteMethods';

/** A record opened from the palette, remembered for the empty box (newest first). */
export interface RecentRecord {
  kind: string;
  id: string;
  title: string;
  secondary: string;
}

/** One line of the palette: a record, a screen or an action. */
interface Item {
  key: string;
  primary: string;
  secondary: string;
  icon: SvgIconComponent;
  /** Kept among the recent items when chosen (records only). */
  recent?: RecentRecord;
  run: () => void;
}

export const RECENT_KEY = 'palette.recent';

const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/**
 * The command palette (Ctrl+K / Cmd+K, or the app bar's search button): records the role reads,
 * found as the operator types (one admin_search request per pause in typing), the screens and the
 * actions the role may use, and recent records while the box is empty. A combobox over a listbox
 * (WAI-ARIA's pattern): focus stays in the box, arrows move the active option, Enter opens it,
 * Escape closes; a status line announces how many there are. An Enter pressed while the text's
 * results are still coming waits for them: it never opens a hit of the text before.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = usePhone();
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      sx={{ '& .MuiDialog-container': { alignItems: phone ? 'stretch' : 'flex-start' } }}
      slotProps={{ paper: { 'aria-label': translate('labellens.palette.title') } }}
    >
      {/* Mounted only while open, so each opening starts from an empty box. */}
      {open && <PaletteBody onClose={onClose} />}
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const phone = usePhone();
  const navigate = useNavigate();
  const basename = useBasename();
  const logout = useLogout();
  const [theme, setTheme] = useTheme();
  const dataProvider = useDataProvider<PaletteDataProvider>();
  const { permissions: role } = usePermissions<OperatorRole | null>();
  const [recent, setRecent] = useStore<RecentRecord[]>(RECENT_KEY, []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const settled = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const listId = useId();
  const can = (screen: string, action: string) => canOperate(role ?? null, screen, action);

  const searching = isPaletteQuery(settled);
  const hits = useQuery({
    queryKey: ['palette', settled],
    queryFn: ({ signal }) => dataProvider.paletteSearch(settled, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const go = (path: string) => {
    onClose();
    navigate(`${basename}${path}`);
  };

  const describe = (hit: PaletteHit) => {
    const kind = PALETTE_KINDS.get(hit.kind);
    const parts = [kind ? translate(kind.label) : hit.kind];
    if (hit.kind === 'profiles') parts.push(hit.detail?.trim() || translate('labellens.palette.self'));
    else if (hit.detail) parts.push(hit.detail);
    if (hit.owner_email && hit.owner_email !== hit.title) parts.push(hit.owner_email);
    if (hit.at) parts.push(formatDate(hit.at));
    return parts.join(' · ');
  };

  const recordItem = (record: RecentRecord, recentOne: boolean): Item | null => {
    const kind = PALETTE_KINDS.get(record.kind);
    if (!kind) return null;
    return {
      key: `${recentOne ? 'recent' : 'hit'}:${record.kind}:${record.id}`,
      primary: record.title,
      secondary: record.secondary,
      icon: recentOne ? HistoryIcon : kind.icon,
      recent: record,
      run: () => go(kind.opens(record.id)),
    };
  };

  const commands: Item[] = useMemo(() => {
    const items: Item[] = MENU_ITEMS.filter(({ path }) => can(path.slice(1), 'list')).map(
      ({ path, label, icon }) => ({
        key: `screen:${path}`,
        primary: translate(label),
        secondary: translate('labellens.palette.screen'),
        icon,
        run: () => go(path),
      }),
    );
    const action = (key: string, label: string, icon: SvgIconComponent, run: () => void) =>
      items.push({
        key,
        primary: translate(label),
        secondary: translate('labellens.palette.action'),
        icon,
        run,
      });
    if (can('notifications', 'create'))
      action('send', 'labellens.palette.actions.send', SendIcon, () => go('/notifications'));
    if (can('team', 'create'))
      action('invite', 'labellens.palette.actions.invite', PersonAddIcon, () => go('/team?invite=1'));
    if (can('news', 'create'))
      action('news', 'labellens.palette.actions.news', AddIcon, () => go('/news/create'));
    if (can('health-tips', 'create'))
      action('tip', 'labellens.palette.actions.tip', AddIcon, () => go('/health-tips/create'));
    if (can('tags', 'create'))
      action('tag', 'labellens.palette.actions.tag', AddIcon, () => go('/tags/create'));
    action(
      'theme',
      theme === 'dark' ? 'labellens.palette.actions.light' : 'labellens.palette.actions.dark',
      Brightness4Icon,
      () => {
        setTheme(theme === 'dark' ? 'light' : 'dark');
        onClose();
      },
    );
    action('logout', 'labellens.palette.actions.logout', LogoutIcon, () => {
      onClose();
      void logout();
    });
    return items;
    // Rebuilt when what decides the entries changes; go/can/action close over nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role, theme, translate, basename]);

  const items: Item[] = useMemo(() => {
    const term = query.trim();
    if (!term) {
      const recents = recent.flatMap((record) => recordItem(record, true) ?? []);
      return [...recents, ...commands];
    }
    const found: Item[] = [];
    // While a newer query waits for its pause, the last answer stays (keepPreviousData).
    for (const hit of searching ? (hits.data ?? []) : []) {
      const item = recordItem(
        { kind: hit.kind, id: hit.id, title: hit.title, secondary: describe(hit) },
        false,
      );
      if (!item) continue;
      found.push(item);
      if (hit.kind === 'users' && can('notifications', 'create'))
        found.push({
          key: `send:${hit.id}`,
          primary: translate('labellens.palette.actions.send_to', { name: hit.title }),
          secondary: translate('labellens.palette.action'),
          icon: SendIcon,
          run: () => go(composeTo(hit.id)),
        });
    }
    return [...commands.filter((item) => matches(item.primary, term)), ...found];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, settled, hits.data, commands, recent]);

  const current = Math.min(active, Math.max(items.length - 1, 0));
  const choose = (item: Item) => {
    if (item.recent) {
      const chosen = item.recent;
      setRecent(
        [chosen, ...recent.filter((r) => r.kind !== chosen.kind || r.id !== chosen.id)].slice(
          0,
          PALETTE_RECENT,
        ),
      );
    }
    item.run();
  };

  const waiting =
    query.trim() !== '' && isPaletteQuery(query) && (settled !== query.trim() || hits.isFetching);
  // An Enter typed before the current text's results: the text it was typed on. The list then
  // still shows the previous text's hits (kept to avoid flicker); Enter acts once these arrive.
  const enterDue = useRef<string | null>(null);
  useEffect(() => {
    const due = enterDue.current;
    if (due === null || waiting) return;
    enterDue.current = null;
    const item = items[current];
    if (due === query.trim() && item) choose(item);
    // Runs when the results settle; `choose` and `current` are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, items]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!items.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (waiting) {
        enterDue.current = query.trim();
        return;
      }
      const item = items[current];
      if (item) choose(item);
    }
  };

  const status = waiting
    ? translate('labellens.palette.searching')
    : query.trim() === ''
      ? ''
      : translate('labellens.palette.count', countParams(items.length));
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <SearchIcon color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={query}
          placeholder={translate('labellens.palette.placeholder')}
          onChange={(event) => {
            setQuery(event.target.value.slice(0, PALETTE_MAX_CHARS));
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': translate('labellens.palette.title'),
            'aria-expanded': items.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': items.length ? optionId(current) : undefined,
            autoComplete: 'off',
            spellCheck: false,
          }}
          sx={{ fontSize: '1.1rem', py: 0.5 }}
        />
        {/* A full-screen palette on a touch phone has no Escape key and no backdrop to tap. */}
        {phone && (
          <IconButton aria-label={translate('ra.action.close')} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      {query.trim() === '' && recent.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pt: 1 }} aria-hidden>
          {translate('labellens.palette.recent')}
        </Typography>
      )}
      {query.trim() !== '' && !waiting && items.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
          {isPaletteQuery(query)
            ? translate('labellens.palette.none')
            : translate('labellens.palette.too_short')}
        </Typography>
      )}
      <Box
        component="ul"
        role="listbox"
        id={listId}
        aria-label={translate('labellens.palette.results')}
        sx={{ listStyle: 'none', m: 0, p: 0.5, overflowY: 'auto', maxHeight: { sm: '60vh' }, flex: 1 }}
      >
        {items.map((item, index) => {
          const Icon = item.icon;
          const selected = index === current;
          return (
            <Box
              component="li"
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(item)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 1.5,
                py: 1,
                minHeight: 44,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: selected ? 'action.selected' : undefined,
              }}
            >
              <Icon fontSize="small" color="action" />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {item.primary}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {item.secondary}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
