import { useWatch } from 'react-hook-form';
import { TextInput } from 'react-admin';
import { ImageFileInput } from '../../storage/ImageFileInput';

/**
 * The article's four fields, shared by the create and edit dialogs, and a screenshot file: an
 * uploaded file's public URL becomes the screenshot URL when the article is saved.
 */
export function NewsInputs() {
  const fileChosen = useWatch({ name: 'screenshot_file' }) instanceof File;
  return (
    <>
      <TextInput source="title" fullWidth autoFocus />
      <TextInput source="content" multiline minRows={5} fullWidth />
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
