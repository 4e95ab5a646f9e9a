import { newsSchema } from '../../domain/contentSchemas';
import { FormDialog } from '../../editing/FormDialog';
import { NewsInputs } from './NewsInputs';

export function NewsCreate({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="resources.news.create_title"
      schema={newsSchema}
      defaultValues={{ title: '', content: '', source_url: '', source_url_screenshot: '' }}
      onClose={onClose}
    >
      <NewsInputs />
    </FormDialog>
  );
}
