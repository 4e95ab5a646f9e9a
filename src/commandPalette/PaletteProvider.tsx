import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { mustEnrolSecondFactor, useMfaStatus } from '../security/mfaStatus';
import { CommandPalette } from './CommandPalette';

interface PaletteControl {
  /** Whether the palette is offered: not to an admin who must first set up a second factor. */
  available: boolean;
  openPalette: () => void;
}

const PaletteContext = createContext<PaletteControl>({ available: false, openPalette: () => undefined });

/** Opens the command palette (the app bar's search button). */
export const usePalette = () => useContext(PaletteContext);

/**
 * The command palette of every admin screen, inside the layout: Ctrl+K (Cmd+K on a Mac) opens it,
 * also while focus is in a field (the browser's own Ctrl+K, the search bar, is taken over here, as
 * Supabase Studio and Linear do), and the app bar's button for phones and touch screens. An admin
 * who must first set up an authenticator app (security/EnrolmentGate.tsx) gets neither.
 */
export function PaletteProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { data, isPending } = useMfaStatus();
  const available = !isPending && !mustEnrolSecondFactor(data);
  useEffect(() => {
    if (!available) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [available]);
  const openPalette = useCallback(() => setOpen(true), []);
  const control = useMemo(() => ({ available, openPalette }), [available, openPalette]);
  return (
    <PaletteContext.Provider value={control}>
      {children}
      <CommandPalette open={open && available} onClose={() => setOpen(false)} />
    </PaletteContext.Provider>
  );
}
