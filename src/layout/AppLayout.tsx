import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { PaletteProvider } from '../commandPalette';
import { sessionChecks, supabaseClient } from '../providers';
import { EnrolmentGate } from '../security/EnrolmentGate';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { LocaleTheme } from './LocaleTheme';
import { useScreenDocumentTitle } from './useScreenDocumentTitle';
import { useAdminSessionWatch } from './useAdminSessionWatch';
import { useSavedLocale } from './savedLocale';
import { useSidebarShortcut } from './useSidebarShortcut';
import { useWelcomeToast } from './useWelcomeToast';

export function AppLayout({ children }: { children: ReactNode }) {
  useSidebarShortcut();
  useAdminSessionWatch(supabaseClient, sessionChecks);
  useSavedLocale(supabaseClient);
  useWelcomeToast();
  useScreenDocumentTitle();
  return (
    <LocaleTheme>
      <PaletteProvider>
        <Layout appBar={AppBar} menu={AppMenu} sidebar={AppSidebar}>
          <EnrolmentGate>{children}</EnrolmentGate>
        </Layout>
      </PaletteProvider>
    </LocaleTheme>
  );
}
