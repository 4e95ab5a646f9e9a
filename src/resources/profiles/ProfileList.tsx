import { DataTable, DateField, List } from 'react-admin';

/** Minimal profiles list (server-paginated, newest first); the full screen is a later issue. */
export default function ProfileList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="relationship" />
        <DataTable.NumberCol source="age" />
        <DataTable.NumberCol source="scans_count" />
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </List>
  );
}
