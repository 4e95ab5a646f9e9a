import { Box, Typography } from '@mui/material';
import { DataTable, TextField, useListContext, useTranslate } from 'react-admin';
import { countParams } from '../../domain/format';
import { DateTimeField } from '../../list/fields';
import { AdminList, ListEmptyState, ListErrorState, ShowDialogButton } from '../../list';
import {
  FirstActivityField,
  LastActivityField,
  UserIdentityField,
  UserPhoneField,
  UserProviderField,
  UserStatusField,
} from './UserFields';
import { UserShow } from './UserShow';
import { usersData } from './data';

/** The heading "Users" and "{n} users found"; 0 while the listing has failed (the list is cleared then). */
function UsersHeading() {
  const { total, error } = useListContext();
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('labellens.users.title')}
      </Typography>
      <Typography color="text.secondary" data-testid="users-found">
        {translate('labellens.users.count', countParams(error ? 0 : (total ?? 0)))}
      </Typography>
    </Box>
  );
}

/** Users: the auth users through admin_list_users, searched by email, phone or id, newest first. */
export default function UsersList() {
  return (
    <AdminList
      resource={usersData}
      title="labellens.users.title"
      searchPlaceholder="labellens.users.search"
      skeletonColumns={7}
      empty={
        <>
          <UsersHeading />
          <ListEmptyState title="labellens.users.empty" hint="labellens.users.empty_hint" />
        </>
      }
      error={
        <>
          <UsersHeading />
          <ListErrorState message="labellens.users.fetch_error" />
        </>
      }
      header={<UsersHeading />}
      dialogs={{ show: UserShow }}
      phone={{
        primary: <TextField source="email" emptyText="—" />,
        secondary: <UserStatusField />,
        tertiary: <DateTimeField source="created_at" />,
      }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" field={UserIdentityField} />
        <DataTable.Col source="status" disableSort field={UserStatusField} />
        <DataTable.Col source="provider" field={UserProviderField} />
        <DataTable.Col source="phone" field={UserPhoneField} />
        <DataTable.Col source="created_at" field={FirstActivityField} />
        <DataTable.Col source="last_sign_in_at" field={LastActivityField} />
        <DataTable.Col label={false}>
          <ShowDialogButton />
        </DataTable.Col>
      </DataTable>
    </AdminList>
  );
}
