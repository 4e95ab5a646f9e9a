import { NullableBooleanInput, SelectInput, TextInput } from 'react-admin';
import { SCORE_BANDS } from '../../domain/scoreBands';
import { personFilter } from '../users/PersonFilter';

const BAND_CHOICES = [
  ...SCORE_BANDS.map(({ band }) => ({ id: band, name: `labellens.bands.${band}` })),
  { id: 'na', name: 'labellens.scans.not_available' },
];

/** Score band, category, favourite and owner; the data provider turns band and category into conditions. */
export const scanFilters = [
  <SelectInput
    key="score_band"
    source="score_band"
    label="labellens.scans.filters.score_band"
    choices={BAND_CHOICES}
  />,
  <TextInput key="category" source="category" label="labellens.scans.filters.category" />,
  <NullableBooleanInput key="is_favorite" source="is_favorite" label="labellens.scans.filters.is_favorite" />,
  personFilter,
];
