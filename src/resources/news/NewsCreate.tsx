import { newsFormSchema } from '../../domain/contentSchemas';
import { FormDialog } from '../../editing/FormDialog';
import { NewsInputs } from './NewsInputs';

export function NewsCreate({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="resources.news.create_title"
      schema={newsFormSchema}
      defaultValues={{
        title: '',
        content: '',
        source_url: '',
        source_url_screenshot: '',
        screenshot_file: null,
      }}
      onClose={onClose}
    >
      <NewsInputs />
    </FormDialog>
  );
}
