import { DataTable, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../list/fields';
import { changedFields, type AuditEntry } from '../../domain/audit';
import { AdminList, ListErrorState } from '../../list';
import { PersonLink } from '../../list/PersonLink';
import { auditLogData } from './data';
import { OPERATOR_ROLES } from '../../domain/operatorRoles';
import { ACTION_CHOICES, actionLabel, RESOURCE_CHOICES, resourceLabel } from './labels';

const ROLE_CHOICES = OPERATOR_ROLES.map((role) => ({ id: role, name: `labellens.team.roles.${role}` }));

const auditFilters = [
  <TextInput key="actor_email" source="actor_email" label="resources.audit-log.fields.actor_email" />,
  <SelectInput key="actor_role" source="actor_role" choices={ROLE_CHOICES} />,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} />,
  <SelectInput key="resource" source="resource" choices={RESOURCE_CHOICES} />,
  <TextInput key="from" source="from" type="date" label="resources.audit-log.fields.from" />,
  <TextInput key="to" source="to" type="date" label="resources.audit-log.fields.to" />,
];

/**
 * Audit Log: who did what and when, newest first, from public.audit_log (written by database
 * triggers and Supabase Auth; read-only for everyone). Filters by person, action, resource and
 * date, a search over person and record id, paging at any size, CSV of the current filter.
 */
export default function AuditLogList() {
  return (
    <AdminList
      title="labellens.audit.heading"
      searchPlaceholder="labellens.audit.search"
      filters={auditFilters}
      resource={auditLogData}
      error={<ListErrorState message="labellens.audit.history_error" />}
      skeletonColumns={6}
      phone={{
        primary: <ActionOnResource />,
        secondary: (
          <>
            <EntryActor />
            <ChangedFields />
          </>
        ),
        tertiary: <DateTimeField source="occurred_at" showTime />,
        opens: false,
      }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="occurred_at">
          <DateTimeField source="occurred_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actor_email" render={(entry: AuditEntry) => <Actor entry={entry} />} />
        <DataTable.Col
          source="action"
          render={(entry: AuditEntry) => <Label keyOrValue={actionLabel(entry.action)} />}
        />
        <DataTable.Col
          source="resource"
          render={(entry: AuditEntry) => <Label keyOrValue={resourceLabel(entry.resource)} />}
        />
        <DataTable.Col
          source="record_label"
          disableSort
          // The record's name as it was; entries from before names were kept show the id.
          render={(entry: AuditEntry) => entry.record_label ?? entry.record_id}
        />
        <DataTable.Col source="changes" disableSort>
          <ChangedFields />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}

/** Who acted: their email linking to their page, or System for the database's own changes. */
function Actor({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const name = entry.actor_email ?? translate('labellens.audit.system');
  return entry.actor_id ? <PersonLink userId={entry.actor_id}>{name}</PersonLink> : <>{name}</>;
}

function Label({ keyOrValue }: { keyOrValue: string }) {
  const translate = useTranslate();
  return <>{translate(keyOrValue, { _: keyOrValue })}</>;
}

function ChangedFields() {
  const entry = useRecordContext<AuditEntry>();
  return <>{entry ? changedFields(entry.changes).join(', ') : null}</>;
}

/** A phone row's first line: "Updated · Tags". */
function ActionOnResource() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  return (
    <>
      <Label keyOrValue={actionLabel(entry.action)} /> · <Label keyOrValue={resourceLabel(entry.resource)} />
    </>
  );
}

function EntryActor() {
  const entry = useRecordContext<AuditEntry>();
  return entry ? <Actor entry={entry} /> : null;
}
