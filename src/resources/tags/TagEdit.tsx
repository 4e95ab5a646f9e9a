import type { Identifier } from 'react-admin';
import { tagSchema } from '../../domain/contentSchemas';
import { RecordTabs } from '../../audit/RecordTabs';
import { FormDialog } from '../../editing/FormDialog';
import { TagInputs } from './TagInputs';

export function TagEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  return (
    <FormDialog id={id} title="resources.tags.edit_title" schema={tagSchema} onClose={onClose}>
      <RecordTabs table="tags" id={id}>
        <TagInputs />
      </RecordTabs>
    </FormDialog>
  );
}
