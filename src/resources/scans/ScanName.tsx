import FavoriteIcon from '@mui/icons-material/Favorite';
import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { idPrefix } from '../../domain/adminRecords';
import { Picture } from '../../storage/Picture';
import { useSignedUrl } from '../../storage/signedUrls';
import type { Scan } from './data';

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

/**
 * The label photo: the private object the app uploaded (through a signed URL, the page's paths
 * signed together), else an external image URL, else a placeholder.
 */
export function ScanPhoto({ width, height, alt }: { width: number | string; height: number; alt: string }) {
  const scan = useRecordContext<Scan>();
  const signed = useSignedUrl('scan-images', 'image_path', scan?.image_path);
  if (!scan) return null;
  return <Picture src={scan.image_path ? signed : scan.image_url} alt={alt} width={width} height={height} />;
}

/** The list's name column: a thumbnail of the label photo and the name. */
export function ScanNameWithPhoto() {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <ScanPhoto width={40} height={40} alt="" />
      <span>
        <ScanNameField />
      </span>
    </Stack>
  );
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
