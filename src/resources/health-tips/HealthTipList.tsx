import { DataTable, DateField, List } from 'react-admin';

/** Minimal health tips list (server-paginated, newest first); the full screen is a later issue. */
export default function HealthTipList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="tip" />
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </List>
  );
}
