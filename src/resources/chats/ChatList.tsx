import { DataTable, SelectInput } from 'react-admin';
import { AdminList, ShowDialogButton } from '../../list';
import { CountField, DateTimeField, OwnerField } from '../../list/fields';
import { ChatTitleField } from './ChatFields';
import { personFilter } from '../users/PersonFilter';
import { ChatShow } from './ChatShow';
import { chatsData } from './data';

const chatFilters = [
  <SelectInput
    key="has_user"
    source="has_user"
    label="labellens.chats.filters.has_user"
    choices={[
      { id: 'true', name: 'labellens.chats.with_user' },
      { id: 'false', name: 'labellens.chats.without_user' },
    ]}
  />,
  personFilter,
];

/** Chat Sessions: every chat, newest first, with its user and number of messages. */
export default function ChatList() {
  return (
    <AdminList
      resource={chatsData}
      title="labellens.chats.title"
      searchPlaceholder="labellens.chats.search"
      filters={chatFilters}
      skeletonColumns={6}
      dialogs={{ show: ChatShow }}
      phone={{
        primary: <ChatTitleField />,
        secondary: <OwnerField link={false} />,
        tertiary: <DateTimeField source="created_at" />,
      }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" field={ChatTitleField} />
        <DataTable.Col source="user_id" disableSort field={OwnerField} />
        <DataTable.NumberCol source="message_count" disableSort field={CountField} />
        <DataTable.Col source="created_at" field={DateTimeField} />
        <DataTable.Col source="updated_at" field={DateTimeField} />
        <DataTable.Col label={false}>
          <ShowDialogButton />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}
