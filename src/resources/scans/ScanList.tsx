import { DataTable, DateField, List, NumberField } from 'react-admin';

/** Minimal scans list (server-paginated, newest first); the full screen is a later issue. */
export default function ScanList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="category" />
        <DataTable.NumberCol source="health_score" field={NumberField} />
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </List>
  );
}
