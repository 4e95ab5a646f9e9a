import { Box, Tab, Tabs } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { RecordHistory } from './RecordHistory';

/**
 * A dialog's Details and History tabs. The details stay mounted while History shows (a form keeps
 * what was typed); History loads when first opened.
 */
export function RecordTabs({
  table,
  id,
  versions = false,
  children,
}: {
  table: string;
  id: Identifier;
  /** The resource declares `versions` (src/providers/resourceData.ts): History may compare and restore. */
  versions?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const base = useId();
  const [tab, setTab] = useState<'details' | 'history'>('details');
  return (
    <>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 2 }}>
        {(['details', 'history'] as const).map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`labellens.audit.${name}`)}
            id={`${base}-${name}-tab`}
            aria-controls={`${base}-${name}-panel`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${base}-details-panel`}
        aria-labelledby={`${base}-details-tab`}
        hidden={tab !== 'details'}
      >
        {children}
      </Box>
      <Box
        role="tabpanel"
        id={`${base}-history-panel`}
        aria-labelledby={`${base}-history-tab`}
        hidden={tab !== 'history'}
      >
        {tab === 'history' && (
          <RecordHistory table={table} id={id} versions={versions} onRestored={() => setTab('details')} />
        )}
      </Box>
    </>
  );
}
