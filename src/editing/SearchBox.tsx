import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

const DEBOUNCE_MS = 400;

/** The list's one search box: the `q` filter (kept in the URL), applied as the operator pauses typing. */
export function SearchBox({ placeholder }: { placeholder: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(applied);
  // The URL can change the search too (Back, a shared link): show what is applied.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setText(applied);
  }
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => {
      const { q: _previous, ...others } = filterValues;
      setFilters(text.trim() ? { ...others, q: text } : others, displayedFilters);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, filterValues, displayedFilters, setFilters]);

  const label = translate(placeholder);
  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 280 }}
    />
  );
}
