import { Box, Divider, Grid, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { RecordDialog } from '../../list';
import {
  ChipList,
  DateTimeField,
  DetailCell,
  DetailItem,
  DetailsGrid,
  OwnerField,
  RecordIdField,
  ScoreBadge,
} from '../../list/fields';
import type { Scan } from './data';
import { FavouriteField, ScanPhoto, useScanName } from './ScanName';

/** Text as written (paragraphs kept), or a dash when there is none. */
const Prose = ({ text }: { text: string | null }) => (
  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
    {text?.trim() ? text : '—'}
  </Typography>
);

function ScanDetails() {
  const scan = useRecordContext<Scan>();
  const translate = useTranslate();
  const scanName = useScanName();
  if (!scan) return null;
  const section = (key: string) => `labellens.scans.sections.${key}`;
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          {scan.image_path || scan.image_url ? (
            <ScanPhoto
              width="100%"
              height={260}
              alt={translate('labellens.scans.image_alt', { name: scanName(scan) })}
            />
          ) : (
            <Typography color="text.secondary">{translate('labellens.scans.no_image')}</Typography>
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <DetailsGrid>
            <DetailCell label="resources.scans.fields.health_score">
              <ScoreBadge score={scan.health_score} missing="labellens.scans.not_available" />
            </DetailCell>
            <DetailCell label="resources.scans.fields.category">{scan.category ?? '—'}</DetailCell>
            <DetailCell label="resources.scans.fields.is_favorite">
              <FavouriteField />
            </DetailCell>
            <DetailCell label="resources.scans.fields.user_id">
              <OwnerField />
            </DetailCell>
            <DetailCell label="resources.scans.fields.created_at">
              <DateTimeField source="created_at" showTime />
            </DetailCell>
            <DetailCell label="labellens.records.id">
              <RecordIdField />
            </DetailCell>
          </DetailsGrid>
        </Grid>
      </Grid>
      <DetailItem label={section('description')}>
        <Prose text={scan.description} />
      </DetailItem>
      <DetailItem label={section('analysis')}>
        <Prose text={scan.analysis} />
      </DetailItem>
      <Divider />
      {(['ingredients', 'health_benefits', 'health_risks', 'allergens'] as const).map((list) => (
        <DetailItem key={list} label={section(list)}>
          <ChipList values={scan[list]} />
        </DetailItem>
      ))}
      <Divider />
      <DetailItem label={section('nutrition_facts')}>
        <Box
          component="pre"
          data-testid="nutrition-facts"
          sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}
        >
          {JSON.stringify(scan.nutrition_facts ?? {}, null, 2)}
        </Box>
      </DetailItem>
      <DetailItem label={section('healthy_recipe')}>
        <Prose text={scan.healthy_recipe} />
      </DetailItem>
    </Stack>
  );
}

/** The scan's details dialog, at /admin/scans/:id/show. */
export function ScanShow({ id, onClose }: { id: string; onClose: () => void }) {
  const scanName = useScanName();
  return (
    <RecordDialog<Scan>
      resource="scans"
      id={id}
      onClose={onClose}
      title={scanName}
      missingMessage="labellens.scans.missing"
    >
      <ScanDetails />
    </RecordDialog>
  );
}
