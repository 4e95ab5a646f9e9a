import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { changedFields, formatAuditValue, type AuditChanges } from '../../domain/audit';
import { spreadTranslationChanges } from '../../domain/contentLanguages';

/**
 * A table of field changes: long values wrap anywhere (URLs, ids), while the headers and the field
 * names stay whole, so a narrow dialog does not squeeze them to a letter a line ("Fi / el / d").
 */
export const CHANGES_TABLE_SX = {
  '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top' },
  '& th, & td:first-of-type': { whiteSpace: 'nowrap', overflowWrap: 'normal' },
} as const;

/** An entry's change field by field: the value before and after. */
export function ChangesTable({ changes: entryChanges }: { changes: AuditChanges }) {
  const translate = useTranslate();
  // A change of translations, text by text: `tip (hi)` as a field of its own.
  const changes = spreadTranslationChanges(entryChanges);
  const fields = changedFields(changes);
  if (fields.length === 0) return null;
  return (
    <Table size="small" sx={CHANGES_TABLE_SX}>
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate('labellens.audit.field')}</TableCell>
          <TableCell component="th">{translate('labellens.audit.old_value')}</TableCell>
          <TableCell component="th">{translate('labellens.audit.new_value')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => {
          const change = changes[field];
          const isPair = typeof change === 'object' && change !== null && 'new' in change;
          return (
            <TableRow key={field}>
              <TableCell>{field}</TableCell>
              <TableCell>{isPair ? formatAuditValue(change.old) : '—'}</TableCell>
              <TableCell>{formatAuditValue(isPair ? change.new : change)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
