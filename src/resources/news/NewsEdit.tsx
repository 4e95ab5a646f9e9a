import type { Identifier } from 'react-admin';
import { newsFormSchema } from '../../domain/contentSchemas';
import { RecordTabs } from '../../audit/RecordTabs';
import { FormDialog } from '../../editing/FormDialog';
import { NewsInputs } from './NewsInputs';

export function NewsEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  return (
    <FormDialog id={id} title="resources.news.edit_title" schema={newsFormSchema} onClose={onClose}>
      <RecordTabs table="news" id={id}>
        <NewsInputs />
      </RecordTabs>
    </FormDialog>
  );
}
