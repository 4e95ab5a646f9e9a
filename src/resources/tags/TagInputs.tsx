import { Stack } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { TAG_CATEGORIES } from '../../domain/tags';
import { TagColorInput } from './TagColorInput';
import { TagIconInput } from './TagIconInput';
import { TAG_LIMITS } from '../../domain/limits';
import { LanguageFields } from '../../editing/LanguageFields';

/** Each category offered by its catalogue name (react-admin translates choices; the stored value is the key). */
export const CATEGORY_CHOICES = TAG_CATEGORIES.map((category) => ({
  id: category,
  name: `resources.tags.categories.${category}`,
}));

/** A tag's fields (its label in English and Hindi side by side), shared by the create and edit dialogs. */
export function TagInputs() {
  return (
    <>
      <LanguageFields fields={[{ source: 'label', max: TAG_LIMITS.labelMax }]} />
      <TextInput source="key" fullWidth />
      <TagIconInput />
      <TagColorInput />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput source="category" choices={CATEGORY_CHOICES} fullWidth emptyText="" />
        <NumberInput source="sort_order" fullWidth min={0} step={1} />
      </Stack>
      <BooleanInput source="is_active" />
    </>
  );
}
