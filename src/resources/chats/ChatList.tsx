import { DataTable, DateField, List } from 'react-admin';

/** Minimal chats list (server-paginated, newest first); the full screen is a later issue. */
export default function ChatList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="user_id" />
        <DataTable.Col source="created_at" field={DateField} />
        <DataTable.Col source="updated_at" field={DateField} />
      </DataTable>
    </List>
  );
}
