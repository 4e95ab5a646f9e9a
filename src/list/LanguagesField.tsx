import { Chip, Stack } from '@mui/material';
import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { CONTENT_LANGUAGES, languagesOf } from '../domain/contentLanguages';

/**
 * The languages a content row has, one chip each: EN always (its own columns), HI filled when the row
 * has Hindi, dashed and struck through when not. Each chip says in words which, for screen readers.
 */
export function LanguagesField() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const has = languagesOf(record.translations);
  return (
    <Stack direction="row" spacing={0.5}>
      {['en', ...CONTENT_LANGUAGES].map((language) => {
        const present = has.includes(language);
        const name = translate(`labellens.content_languages.names.${language}`);
        return (
          <Chip
            key={language}
            size="small"
            label={translate(`labellens.content_languages.codes.${language}`)}
            variant={present ? 'filled' : 'outlined'}
            // Secondary text, not opacity: a dimmed label fell below 4.5:1 contrast (axe).
            sx={
              present
                ? undefined
                : { color: 'text.secondary', borderStyle: 'dashed', textDecoration: 'line-through' }
            }
            aria-label={translate(`labellens.content_languages.${present ? 'has' : 'lacks'}`, {
              language: name,
            })}
            title={translate(`labellens.content_languages.${present ? 'has' : 'lacks'}`, { language: name })}
          />
        );
      })}
    </Stack>
  );
}

/** The list filter of rows missing a language (the provider's `missing` condition, src/domain/contentLanguages.ts). */
export const missingLanguageFilter = (
  <SelectInput
    key="missing"
    source="missing"
    label="labellens.content_languages.missing_filter"
    // Wide enough for the whole label while no language is chosen (it sits inside the empty field).
    sx={{ minWidth: '13rem' }}
    choices={CONTENT_LANGUAGES.map((language) => ({
      id: language,
      name: `labellens.content_languages.names.${language}`,
    }))}
    alwaysOn
  />
);
