import type { Identifier } from 'react-admin';
import { newsSchema } from '../../domain/contentSchemas';
import { RecordTabs } from '../../audit/RecordTabs';
import { FormDialog } from '../../editing/FormDialog';
import { NewsInputs } from './NewsInputs';

export function NewsEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  return (
    <FormDialog id={id} title="resources.news.edit_title" schema={newsSchema} onClose={onClose}>
      <RecordTabs table="news" id={id}>
        <NewsInputs />
      </RecordTabs>
    </FormDialog>
  );
}
