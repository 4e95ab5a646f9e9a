import { DataTable, DateField, List, UrlField } from 'react-admin';

/** Minimal news list (server-paginated, newest first); the full screen is a later issue. */
export default function NewsList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="source_url" field={UrlField} />
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </List>
  );
}
