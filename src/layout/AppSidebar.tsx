import { Sidebar, type SidebarProps } from 'react-admin';
import { SIDEBAR } from './sidebarConfig';

/** react-admin's sidebar; below the mobile breakpoint it is an off-canvas drawer 18rem wide. */
export function AppSidebar(props: SidebarProps) {
  return (
    <Sidebar
      {...props}
      sx={{
        [`@media (max-width: ${SIDEBAR.mobileBreakpointPx - 0.02}px)`]: {
          '& .MuiPaper-root': { width: `${SIDEBAR.mobileWidthRem}rem` },
        },
      }}
    />
  );
}
