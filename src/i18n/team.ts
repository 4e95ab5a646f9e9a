/** The Team page: operators, roles and invitations (labellens.*, merged into src/i18n/en.ts). */
export const teamMessages = {
  team: {
    columns: {
      email: 'Email',
      role: 'Role',
      status: 'Status',
      factor: 'Second factor',
      last_sign_in: 'Last sign-in',
      actions: 'Actions',
    },
    roles: { owner: 'Owner', editor: 'Editor', support: 'Support' },
    active: 'Active',
    inactive: 'Deactivated',
    invited: 'Invited',
    invite: {
      open: 'Invite operator',
      title: 'Invite an operator',
      email: 'Email',
      email_help: 'We email this address a link to choose a password. It works once, for one hour.',
      send: 'Send invitation',
      sending: 'Sending...',
      sent: 'Invitation sent to %{email}',
      sent_reset:
        'The account of %{email} was already confirmed, which used its invitation link up: a password-reset link was sent instead. The invitation counts once they choose a password through it.',
    },
    role_help: {
      owner: 'Everything, including the team and the settings',
      editor: "News, health tips and tags; no app users' data",
      support: "Reads app users' data, answers the inbox, sends notifications",
    },
    factor_on: 'Set up',
    factor_off: 'None',
    never: 'Never',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    reset_factor: 'Reset second factor',
    saved: 'Team updated',
    confirm: {
      title: 'Change the team?',
      role: 'Make %{email} %{role}?',
      deactivate: 'Deactivate %{email}? They lose access at their next request.',
      reactivate: 'Reactivate %{email}?',
      reset_factor:
        "Reset %{email}'s second factor? They set up a new authenticator app at their next sign-in.",
    },
  },
};
