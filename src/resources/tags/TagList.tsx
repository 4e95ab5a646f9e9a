import { BooleanField, DataTable, DateField, List } from 'react-admin';

/** Minimal tags list (server-paginated, by category, then sort order); the full screen is a later issue. */
export default function TagList() {
  return (
    <List sort={{ field: 'category', order: 'ASC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="label" />
        <DataTable.Col source="key" />
        <DataTable.Col source="category" />
        <DataTable.NumberCol source="sort_order" />
        <DataTable.Col source="is_active" field={BooleanField} />
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </List>
  );
}
