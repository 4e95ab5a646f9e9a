import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { changedFields, formatAuditValue, type AuditChanges } from '../domain/audit';

/** An entry's change field by field: the value before and after. */
export function ChangesTable({ changes }: { changes: AuditChanges }) {
  const translate = useTranslate();
  const fields = changedFields(changes);
  if (fields.length === 0) return null;
  return (
    <Table size="small" sx={{ '& td, & th': { wordBreak: 'break-word', verticalAlign: 'top' } }}>
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
