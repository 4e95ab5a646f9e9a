import { TextInput } from 'react-admin';

/** The article's four fields, shared by the create and edit dialogs. */
export function NewsInputs() {
  return (
    <>
      <TextInput source="title" fullWidth autoFocus />
      <TextInput source="content" multiline minRows={5} fullWidth />
      <TextInput source="source_url" type="url" fullWidth placeholder="https://" />
      <TextInput source="source_url_screenshot" type="url" fullWidth placeholder="https://" />
    </>
  );
}
