import type { ReactNode } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { RecordTabs } from './audit-log/RecordTabs';
import { FormDialog, type FormDialogProps } from '../editing/FormDialog';
import { baseTable, type ResourceData } from '../providers/resourceData';
import { resourceText } from '../i18n/resourceText';
import { blankTranslations } from '../domain/contentLanguages';

/**
 * The create and edit dialogs of a content resource (news, health tips, tags): a FormDialog titled
 * `resources.<name>.create_title` / `edit_title` around the resource's inputs, the edit one with the
 * History tab of its base table (RecordTabs). The screens differ only in their inputs, rules and a
 * new record's values, which is all this takes; the list passes the result as its `dialogs`. The
 * dialogs are wide enough for English and Hindi side by side (src/editing/LanguageFields.tsx).
 */
export function contentDialogs({
  resource,
  schema,
  defaultValues,
  inputs,
}: {
  resource: Pick<ResourceData, 'name' | 'versions'>;
  schema: FormDialogProps['schema'];
  defaultValues: Record<string, unknown>;
  inputs: ReactNode;
}) {
  const blanks = { translations: blankTranslations(baseTable(resource)) };
  function Create({ onClose }: { onClose: () => void }) {
    const translate = useTranslate();
    return (
      <FormDialog
        title={resourceText(translate, resource.name, 'create_title')}
        schema={schema}
        defaultValues={{ ...defaultValues, ...blanks }}
        onClose={onClose}
        maxWidth="md"
      >
        {inputs}
      </FormDialog>
    );
  }
  function Edit({ id, onClose }: { id: Identifier; onClose: () => void }) {
    const translate = useTranslate();
    return (
      <FormDialog
        id={id}
        title={resourceText(translate, resource.name, 'edit_title')}
        schema={schema}
        defaultValues={blanks}
        onClose={onClose}
        maxWidth="md"
      >
        <RecordTabs table={baseTable(resource)} id={id} versions={resource.versions === true}>
          {inputs}
        </RecordTabs>
      </FormDialog>
    );
  }
  return { create: Create, edit: Edit };
}
