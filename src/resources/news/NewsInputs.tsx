import { useWatch } from 'react-hook-form';
import { TextInput } from 'react-admin';
import { ImageFileInput } from '../../storage/ImageFileInput';
import { NEWS_LIMITS } from '../../domain/limits';
import { LanguageFields } from '../../editing/LanguageFields';

const TRANSLATED = [
  { source: 'title', max: NEWS_LIMITS.titleMax },
  { source: 'content', max: null, multiline: true },
] as const;

/**
 * The article's four fields (title and content in English and Hindi side by side), shared by the
 * create and edit dialogs, and a screenshot file: an
 * uploaded file's public URL becomes the screenshot URL when the article is saved.
 */
export function NewsInputs() {
  const fileChosen = useWatch({ name: 'screenshot_file' }) instanceof File;
  return (
    <>
      <LanguageFields fields={TRANSLATED} />
      <TextInput source="source_url" type="url" fullWidth placeholder="https://" />
      <TextInput
        source="source_url_screenshot"
        type="url"
        fullWidth
        placeholder="https://"
        // The chosen file's URL replaces it on save (the file field says so).
        disabled={fileChosen}
      />
      <ImageFileInput source="screenshot_file" bucket="news-screenshots" />
    </>
  );
}
