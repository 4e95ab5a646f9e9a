import { Chip, Grid, Stack, Typography, type TypographyProps } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { scoreBadge, shortenedId } from '../domain/adminRecords';
import { PersonLink } from './PersonLink';
import { formatCalendarDate, formatCount, formatDate, formatDateTime } from '../domain/format';
import type { ScoreBand } from '../domain/scoreBands';

const BAND_COLOURS: Record<ScoreBand, 'success' | 'info' | 'warning' | 'error'> = {
  excellent: 'success',
  good: 'info',
  fair: 'warning',
  poor: 'error',
};

/**
 * A health-score badge: the band's label (Excellent, Good, Fair, Poor) with the score, or `missing`
 * (a catalogue key: N/A on scans, No Data on profiles) when there is none.
 */
export function ScoreBadge({
  score,
  missing,
}: {
  score: number | string | null | undefined;
  missing: string;
}) {
  const translate = useTranslate();
  const band = scoreBadge(score);
  if (!band) return <Chip size="small" variant="outlined" label={translate(missing)} />;
  const shown = Math.round(Number(score));
  return (
    <Chip
      size="small"
      color={BAND_COLOURS[band]}
      label={`${translate(`labellens.bands.${band}`)} (${shown})`}
    />
  );
}

/** The record's `source` score as a ScoreBadge (for DataTable columns and dialogs). */
export function ScoreBadgeField({ source, missing }: { source: string; missing: string }) {
  const record = useRecordContext();
  return <ScoreBadge score={record?.[source] as number | null} missing={missing} />;
}

/**
 * The owner of a scan, profile or chat: their email linking to their page (/users/<id>), or
 * Anonymous when there is no user (reads `user_id` and the view's `owner_email`). `link={false}`
 * gives the email as text.
 */
export function OwnerField({ link = true }: { link?: boolean }) {
  const record = useRecordContext<RaRecord & { user_id?: string | null; owner_email?: string | null }>();
  const translate = useTranslate();
  if (!record?.user_id) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('labellens.records.anonymous')}
      </Typography>
    );
  }
  const owner = record.owner_email ?? shortenedId(record.user_id);
  // A phone row is itself a link: the owner is plain text there (no link inside a link).
  if (!link) return <>{owner}</>;
  return <PersonLink userId={record.user_id}>{owner}</PersonLink>;
}

/** A list of strings as chips; `empty` (a catalogue key) when there are none. */
export function ChipList({
  values,
  empty = 'labellens.records.none',
}: {
  values: readonly string[] | null | undefined;
  empty?: string;
}) {
  const translate = useTranslate();
  if (!values?.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(empty)}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value, i) => (
        <Chip key={`${value}-${i}`} size="small" label={value} />
      ))}
    </Stack>
  );
}

/** The record's `source` list as chips. */
export function ChipListField({ source }: { source: string }) {
  const record = useRecordContext();
  return <ChipList values={record?.[source] as string[] | null} />;
}

/** A labelled value in a details dialog. */
export function DetailItem({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(label)}
      </Typography>
      <div>{children}</div>
    </div>
  );
}

/**
 * The labelled values of a details dialog, two to a row from small screens up and one on phones;
 * its children are DetailCells.
 */
export function DetailsGrid({ children }: { children: React.ReactNode }) {
  return (
    <Grid container spacing={2}>
      {children}
    </Grid>
  );
}

/** One labelled value (`label`, a catalogue key) of a DetailsGrid. */
export function DetailCell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <DetailItem label={label}>{children}</DetailItem>
    </Grid>
  );
}

/** The record's id in monospace: whole, or `shortened` to its prefix with the whole as a tooltip. */
export function RecordIdField({ shortened = false }: { shortened?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  const id = String(record.id);
  return (
    <Typography variant="body2" sx={{ fontFamily: 'monospace' }} title={shortened ? id : undefined}>
      {shortened ? shortenedId(id) : id}
    </Typography>
  );
}

/**
 * The record's `source` date in the admin's one format (src/domain/format.ts), whatever the
 * browser's locale: "24 Nov 2026", with `showTime` "24 Nov 2026, 14:05 IST", and for a calendar
 * date with no time (`dateOnly`, e.g. a date of birth) "10 Feb 1980", never moved by a time zone.
 * `emptyText` (a catalogue key) when there is no value. Used in lists (`field={DateTimeField}`),
 * dialogs and details grids instead of react-admin's locale-dependent DateField.
 */
export function DateTimeField({
  source,
  showTime = false,
  dateOnly = false,
  emptyText,
  record: given,
  variant = 'body2',
  color,
}: {
  source: string;
  showTime?: boolean;
  dateOnly?: boolean;
  emptyText?: string;
  /** The record when it is not the context's (e.g. a render function's row). */
  record?: RaRecord;
  variant?: TypographyProps['variant'];
  color?: TypographyProps['color'];
}) {
  const context = useRecordContext();
  const translate = useTranslate();
  const value = (given ?? context)?.[source] as string | null | undefined;
  if (value == null || value === '')
    return emptyText ? (
      <Typography component="span" variant={variant} color={color}>
        {translate(emptyText, { _: emptyText })}
      </Typography>
    ) : null;
  const text = dateOnly ? formatCalendarDate(value) : showTime ? formatDateTime(value) : formatDate(value);
  return (
    <Typography component="span" variant={variant} color={color}>
      {text}
    </Typography>
  );
}

/** The record's `source` count in the admin's one digit grouping ("1,00,180"), for number columns. */
export function CountField({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source] as number | null | undefined;
  if (value == null) return null;
  return (
    <Typography component="span" variant="body2">
      {formatCount(Number(value))}
    </Typography>
  );
}
