import { healthTipSchema } from '../../domain/contentSchemas';
import { FormDialog } from '../../editing/FormDialog';
import { HealthTipInputs } from './HealthTipInputs';

export function HealthTipCreate({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="resources.health-tips.create_title"
      schema={healthTipSchema}
      defaultValues={{ tip: '' }}
      onClose={onClose}
    >
      <HealthTipInputs />
    </FormDialog>
  );
}
