import {
  Autocomplete,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { PUSH_LOCALES, PUSH_PLATFORMS, type AudienceValues } from '../domain/pushAudience';
import { useAdminDataProvider } from './useAdminDataProvider';

const key = (name: string) => `labellens.notifications.audience.${name}`;

/** A list condition typed freely or picked from what the family profiles name. */
function TagsField({
  control,
  name,
  options,
}: {
  control: Control<AudienceValues>;
  name: 'conditions' | 'allergies';
  options: string[];
}) {
  const translate = useTranslate();
  const { field } = useController({ control, name });
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options}
      value={field.value}
      onChange={(_, next) => field.onChange(next.map((v) => v.trim()).filter(Boolean))}
      renderInput={(params) => (
        <TextField {...params} label={translate(key(name))} helperText={translate(key('profiles_hint'))} />
      )}
    />
  );
}

/** Checkboxes for a list of fixed values (languages, platforms). */
function ChoiceGroup({
  control,
  name,
  choices,
  words,
}: {
  control: Control<AudienceValues>;
  name: 'locales' | 'platforms';
  choices: readonly string[];
  words: string;
}) {
  const translate = useTranslate();
  const { field } = useController({ control, name });
  const toggle = (choice: string, on: boolean) =>
    field.onChange(on ? [...field.value, choice] : field.value.filter((v) => v !== choice));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">
        {translate(key(name === 'locales' ? 'languages' : 'platforms'))}
      </FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            label={translate(key(`${words}.${choice}`))}
            control={
              <Checkbox checked={field.value.includes(choice)} onChange={(_, on) => toggle(choice, on)} />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function PlainField({
  control,
  name,
  label,
  type,
  select,
}: {
  control: Control<AudienceValues>;
  name: 'signedUpAfter' | 'signedUpBefore' | 'scan' | 'scanDays' | 'hasDevice';
  label: string;
  type?: string;
  select?: [string, string][];
}) {
  const translate = useTranslate();
  const { field } = useController({ control, name });
  return (
    <TextField
      {...field}
      label={translate(key(label))}
      type={type}
      select={!!select}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    >
      {select?.map(([value, word]) => (
        <MenuItem key={value} value={value}>
          {translate(key(word))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The audience's conditions: profiles' conditions and allergies, language, platform, dates, scans, device. */
export function AudienceFields({
  control,
  scan,
}: {
  control: Control<AudienceValues>;
  scan: AudienceValues['scan'];
}) {
  const dataProvider = useAdminDataProvider();
  const [tags, setTags] = useState<{ conditions: string[]; allergies: string[] }>({
    conditions: [],
    allergies: [],
  });
  useEffect(() => {
    let current = true;
    // Suggestions only: a failure leaves the fields free to type in.
    dataProvider
      .audienceTags()
      .then((found) => current && setTags(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [dataProvider]);

  return (
    <Stack spacing={2}>
      <TagsField control={control} name="allergies" options={tags.allergies} />
      <TagsField control={control} name="conditions" options={tags.conditions} />
      <ChoiceGroup control={control} name="locales" choices={PUSH_LOCALES} words="locale" />
      <ChoiceGroup control={control} name="platforms" choices={PUSH_PLATFORMS} words="platform" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PlainField control={control} name="signedUpAfter" label="signed_up_after" type="date" />
        <PlainField control={control} name="signedUpBefore" label="signed_up_before" type="date" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PlainField
          control={control}
          name="scan"
          label="scan"
          select={[
            ['', 'scan_any'],
            ['within', 'scan_within'],
            ['not_within', 'scan_not_within'],
          ]}
        />
        {scan && <PlainField control={control} name="scanDays" label="scan_days" type="number" />}
      </Stack>
      <PlainField
        control={control}
        name="hasDevice"
        label="has_device"
        select={[
          ['', 'has_device_any'],
          ['yes', 'has_device_yes'],
          ['no', 'has_device_no'],
        ]}
      />
    </Stack>
  );
}
