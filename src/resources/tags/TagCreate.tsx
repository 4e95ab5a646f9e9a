import { tagSchema } from '../../domain/contentSchemas';
import { NEW_TAG_DEFAULTS } from '../../domain/tags';
import { FormDialog } from '../../editing/FormDialog';
import { TagInputs } from './TagInputs';

export function TagCreate({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="resources.tags.create_title"
      schema={tagSchema}
      defaultValues={{ key: '', label: '', icon: '', ...NEW_TAG_DEFAULTS }}
      onClose={onClose}
    >
      <TagInputs />
    </FormDialog>
  );
}
