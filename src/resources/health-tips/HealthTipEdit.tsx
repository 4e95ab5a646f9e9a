import type { Identifier } from 'react-admin';
import { healthTipSchema } from '../../domain/contentSchemas';
import { RecordTabs } from '../../audit/RecordTabs';
import { FormDialog } from '../../editing/FormDialog';
import { HealthTipInputs } from './HealthTipInputs';

export function HealthTipEdit({ id, onClose }: { id: Identifier; onClose: () => void }) {
  return (
    <FormDialog id={id} title="resources.health-tips.edit_title" schema={healthTipSchema} onClose={onClose}>
      <RecordTabs table="health_tips" id={id}>
        <HealthTipInputs />
      </RecordTabs>
    </FormDialog>
  );
}
