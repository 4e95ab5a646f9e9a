import { useEffect } from 'react';
import { useSidebarState } from 'react-admin';

/** Ctrl+B (or Cmd+B) toggles the sidebar. */
export function useSidebarShortcut(): void {
  const [open, setOpen] = useSidebarState();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        setOpen(!open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen]);
}
