import SearchIcon from '@mui/icons-material/Search';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePalette } from './PaletteProvider';

/** The app bar's search button: the command palette for touch screens (and a hint of Ctrl+K). */
export function PaletteButton() {
  const translate = useTranslate();
  const { available, openPalette } = usePalette();
  if (!available) return null;
  return (
    <Tooltip title={translate('labellens.palette.shortcut')}>
      <IconButton color="inherit" onClick={openPalette} aria-label={translate('labellens.palette.open')}>
        <SearchIcon />
      </IconButton>
    </Tooltip>
  );
}
