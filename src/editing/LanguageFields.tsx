import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { TextInput, useResourceContext, useTranslate, useTranslateLabel } from 'react-admin';
import { CONTENT_LANGUAGES } from '../domain/contentLanguages';
import { usePhone } from '../layout/phone';
import { CharacterCounter } from './CharacterCounter';

/** A translated text field of a content form: its English column and its limit (null: none). */
export interface TranslatedField {
  source: string;
  max: number | null;
  multiline?: boolean;
}

const LANGUAGES = ['en', ...CONTENT_LANGUAGES] as const;
type Language = (typeof LANGUAGES)[number];

/** Where a language's text of a field is kept: English in the column, the others in `translations`. */
export const sourceIn = (language: Language, source: string) =>
  language === 'en' ? source : `translations.${language}.${source}`;

/**
 * The translated fields of a content form in English and each other language (Hindi) side by side,
 * each field with its own counter; on a phone one language at a time, chosen by tabs (both stay in
 * the form). The other languages are optional: without them the app shows the English
 * (src/domain/translations.ts has the rules).
 */
export function LanguageFields({ fields }: { fields: readonly TranslatedField[] }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const phone = usePhone();
  const [shown, setShown] = useState<Language>('en');
  const id = useId();
  const name = (language: Language) => translate(`labellens.content_languages.names.${language}`);
  const column = (language: Language, index: number) => (
    <Box
      key={language}
      role={phone ? 'tabpanel' : 'group'}
      id={`${id}-${language}`}
      // On a phone its tab names it (the tab already says the language): no heading repeats it.
      aria-labelledby={`${id}-${language}-${phone ? 'tab' : 'heading'}`}
      hidden={phone && shown !== language}
      lang={language}
    >
      {!phone && (
        <Typography id={`${id}-${language}-heading`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {name(language)}
        </Typography>
      )}
      {language !== 'en' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('labellens.content_languages.optional')}
        </Typography>
      )}
      {fields.map((field, i) => (
        <Box key={field.source}>
          <TextInput
            source={sourceIn(language, field.source)}
            label={
              language === 'en'
                ? undefined
                : translate('labellens.content_languages.field_in', {
                    field: translateLabel({ source: field.source, resource }),
                    language: name(language),
                  })
            }
            multiline={field.multiline}
            minRows={field.multiline ? 5 : undefined}
            fullWidth
            autoFocus={index === 0 && i === 0}
          />
          {field.max !== null && <CharacterCounter source={sourceIn(language, field.source)} max={field.max} />}
        </Box>
      ))}
    </Box>
  );
  if (phone) {
    return (
      <>
        <Tabs
          value={shown}
          onChange={(_, value: Language) => setShown(value)}
          aria-label={translate('labellens.content_languages.tabs')}
          sx={{ mb: 2 }}
        >
          {LANGUAGES.map((language) => (
            <Tab
              key={language}
              id={`${id}-${language}-tab`}
              value={language}
              label={name(language)}
              aria-controls={`${id}-${language}`}
            />
          ))}
        </Tabs>
        {LANGUAGES.map(column)}
      </>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${LANGUAGES.length}, minmax(0, 1fr))`, gap: 3 }}>
      {LANGUAGES.map(column)}
    </Box>
  );
}
