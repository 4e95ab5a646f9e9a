import FavoriteIcon from '@mui/icons-material/Favorite';
import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { idPrefix } from '../../domain/adminRecords';

/** A scan's name, or "Scan " and the first 8 characters of its id when it has none. */
export function useScanName() {
  const translate = useTranslate();
  return (scan: { id: string | number; name?: string | null }) =>
    scan.name?.trim()
      ? scan.name
      : translate('labellens.dashboard.scan_fallback', { id: idPrefix(String(scan.id)) });
}

export function ScanNameField() {
  const record = useRecordContext<{ id: string; name: string | null }>();
  const scanName = useScanName();
  return record ? <>{scanName(record)}</> : null;
}

/** A heart when the user marked the scan as a favourite, "No" (for screen readers, muted) otherwise. */
export function FavouriteField() {
  const record = useRecordContext<{ is_favorite: boolean }>();
  const translate = useTranslate();
  if (!record) return null;
  return record.is_favorite ? (
    <FavoriteIcon color="error" fontSize="small" titleAccess={translate('labellens.records.yes')} />
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('labellens.records.no')}
    </Typography>
  );
}
