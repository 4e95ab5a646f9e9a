/** The strings of the users resource (resources.users, merged into src/i18n/en.ts). */
export const strings = {
  name: 'User |||| Users',
  fields: {
    email: 'User',
    status: 'Status',
    provider: 'Auth Provider',
    phone: 'Phone',
    created_at: 'First Activity',
    last_sign_in_at: 'Last Activity',
  },
};
