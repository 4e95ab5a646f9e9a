import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { supabaseClient } from '../providers/supabaseClient';
import { control } from '../test/control';
import { renderPage } from '../test/renderPage';
import { DEMO, signIn, setUpStandInServer } from '../test/standInServer';
import NotificationsPage from './NotificationsPage';

const server = setUpStandInServer();
const WAIT = { timeout: 30_000 };
// Each test drives the page in the test DOM against the stand-in; a busy machine needs more than 30 s.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: WAIT.timeout });
const SUPABASE_URL = 'http://localhost:54321';
const INCOMPLETE = 'Please select a user and fill in both title and message';

async function openCompose() {
  await signIn(DEMO.admin);
  renderPage(<NotificationsPage />, '/admin/notifications');
  await screen.findByRole('heading', { level: 1, name: 'Send Notifications' }, WAIT);
  return userEvent.setup();
}

const sendButton = control('button', 'Send Notification');
const picker = control('combobox', 'User');
const titleBox = control('textbox', 'Title');
const bodyBox = control('textbox', 'Message');
const dataBox = control('textbox', 'Custom data (optional)');

/** Sets a field's whole value at once, as a paste does. */
const paste = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });

/** Searches the server for the email and picks the user it finds. */
async function pickUser(email: string) {
  const input = picker();
  paste(input, email.split('@')[0]);
  // Looked for in the picker's own list (its aria-controls), and by role only once the address is
  // listed: working out every option's name on each change of the page is what made this slow.
  const option = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    within(list!).getByText(email);
    return within(list!).getByRole('option', { name: new RegExp(email) });
  }, WAIT);
  fireEvent.click(option);
}

async function fillValidDraft(title: string) {
  await pickUser(DEMO.user.email);
  paste(titleBox(), title);
  paste(bodyBox(), 'Compare sodium per 100 g.');
  await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
}

describe('Send Notifications: Compose', () => {
  it('counts title and body characters live, as the database counts them, and previews them', async () => {
    const user = await openCompose();
    const preview = screen.getByTestId('notification-preview');
    expect(preview).toHaveTextContent('Notification title');
    expect(screen.getByTestId('title-counter')).toHaveTextContent('0/50');
    expect(screen.getByTestId('body-counter')).toHaveTextContent('0/200');
    expect(bodyBox()).toHaveAttribute('rows', '4');

    await user.type(titleBox(), 'Hello');
    expect(screen.getByTestId('title-counter')).toHaveTextContent('5/50');
    paste(bodyBox(), 'You scanned 12 products.');
    expect(screen.getByTestId('body-counter')).toHaveTextContent('24/200');
    expect(preview).toHaveTextContent('LabelLens · now');
    expect(preview).toHaveTextContent('Hello');
    expect(preview).toHaveTextContent('You scanned 12 products.');

    paste(titleBox(), '🥗'.repeat(50));
    expect(screen.getByTestId('title-counter')).toHaveTextContent('50/50');
    expect(screen.queryByText('Title must be at most 50 characters')).not.toBeInTheDocument();
    paste(titleBox(), 't'.repeat(51));
    expect(await screen.findByText('Title must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByTestId('title-counter')).toHaveTextContent('51/50');
    paste(titleBox(), 'Bad \u0000 byte');
    expect(
      await screen.findByText('Title cannot contain NUL characters or unpaired surrogates'),
    ).toBeInTheDocument();
    paste(bodyBox(), 'b'.repeat(201));
    expect(await screen.findByText('Message body must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByTestId('body-counter')).toHaveTextContent('201/200');
    paste(bodyBox(), 'Lone \ud83d half');
    expect(
      await screen.findByText('Message body cannot contain NUL characters or unpaired surrogates'),
    ).toBeInTheDocument();
    // Nothing typed is cut at the limit: the text stays for the admin to shorten.
    paste(bodyBox(), 'b'.repeat(201));
    expect(bodyBox()).toHaveValue('b'.repeat(201));
  });

  it('refuses custom data that is not a JSON object of strings within 4096 bytes, under the field', async () => {
    await openCompose();
    await fillValidDraft('Data rules');
    expect(screen.getByText('A JSON object of string values, e.g. {"screen": "tips"}')).toBeInTheDocument();
    const cases = [
      ['{"screen": ', 'Invalid JSON format in custom data'],
      ['{"count": 3}', 'Custom data must be a JSON object whose values are strings'],
      ['["tips"]', 'Custom data must be a JSON object whose values are strings'],
      ['null', 'Custom data must be a JSON object whose values are strings'],
      ['"tips"', 'Custom data must be a JSON object whose values are strings'],
      ['{"screen": "tips\\u0000"}', 'Custom data cannot contain NUL characters or unpaired surrogates'],
      [
        JSON.stringify({ blob: 'x'.repeat(4093) }),
        'Custom data must be at most 4096 bytes (keys and values, UTF-8)',
      ],
      [
        '{"google.c.a.e": "1"}',
        'Custom data cannot use the keys FCM reserves: from, notification, message_type, collapse_key, or any key starting with google or gcm',
      ],
    ];
    // The largest object allowed (4096 bytes exactly) is accepted.
    paste(dataBox(), JSON.stringify({ blob: 'x'.repeat(4092) }));
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
    for (const [text, message] of cases) {
      paste(dataBox(), text);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(sendButton()).toBeDisabled();
      // A short valid object clears it (a long one only makes the text area slower to measure).
      paste(dataBox(), '{"screen": "tips"}');
      await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
  });

  it('keeps Send disabled until a user, a title and a message are given', async () => {
    await openCompose();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(INCOMPLETE);
    await pickUser(DEMO.user.email);
    expect(screen.getByText('Device registered')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    paste(titleBox(), '   ');
    paste(bodyBox(), 'Body');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(INCOMPLETE);
    paste(titleBox(), 'Title');
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(titleBox()).toHaveValue('');
    expect(bodyBox()).toHaveValue('');
    expect(picker()).toHaveValue('');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(INCOMPLETE);
  });

  it('sends through the edge function, shows the message id, records the push and clears the form', async () => {
    await openCompose();
    await fillValidDraft('Sent from the form');
    paste(dataBox(), '{"screen": "tips"}');
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
    fireEvent.click(sendButton());
    const toast = await screen.findByText(
      /^Notification sent successfully! Message ID: projects\/labellens-local\/messages\/\d+$/,
      {},
      WAIT,
    );
    const messageId = toast.textContent!.split('Message ID: ')[1];
    const { rows } = await server
      .db()
      .query('select user_id, title, body, data, status from public.notifications where message_id = $1', [
        messageId,
      ]);
    expect(rows).toEqual([
      {
        user_id: '00000000-0000-4000-8000-000000000002',
        title: 'Sent from the form',
        body: 'Compare sodium per 100 g.',
        data: { screen: 'tips' },
        status: 'sent',
      },
    ]);
    await waitFor(() => expect(titleBox()).toHaveValue(''), WAIT);
    expect(bodyBox()).toHaveValue('');
    expect(dataBox()).toHaveValue('');
    expect(picker()).toHaveValue('');
  });

  it("warns about a user without a device, and shows the function's reason when the send fails", async () => {
    await openCompose();
    await pickUser(DEMO.inactiveAdmin.email);
    expect(
      screen.getByText('This user has no registered device: the notification will fail to send.'),
    ).toBeInTheDocument();
    paste(titleBox(), 'Nobody home');
    paste(bodyBox(), 'No device');
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
    fireEvent.click(sendButton());
    expect(
      await screen.findByText('Failed to send notification: No device token found for this user', {}, WAIT),
    ).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Nobody home');
  });

  it('asks for a session before sending, and says "Failed to send notification" when the function is unreachable', async () => {
    await openCompose();
    await fillValidDraft('Kept on failure');
    vi.spyOn(supabaseClient.auth, 'getSession').mockResolvedValueOnce({
      data: { session: null },
      error: null,
    });
    fireEvent.click(sendButton());
    expect(
      await screen.findByText('You must be logged in to send notifications', {}, WAIT),
    ).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Kept on failure');

    server.msw().use(http.post(`${SUPABASE_URL}/functions/v1/send-notification`, () => HttpResponse.error()));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
    fireEvent.click(sendButton());
    expect(await screen.findByText(/^Failed to send notification$/, {}, WAIT)).toBeInTheDocument();
    expect(titleBox()).toHaveValue('Kept on failure');
    expect(logged).toHaveBeenCalledWith('send-notification failed unexpectedly', expect.any(Error));
    logged.mockRestore();
  });
});

describe('Send Notifications: History', () => {
  it('lists sends newest first with status, recipient, sender, content and outcome; Send again prefills Compose', async () => {
    await signIn(DEMO.admin);
    renderPage(<NotificationsPage />, '/admin/notifications?tab=history');
    const table = await screen.findByRole('table', {}, WAIT);
    const { rows: newest } = await server
      .db()
      .query<{ title: string }>('select title from public.notifications order by created_at desc limit 1');
    // The table shows before its rows load: wait for the first data row, not just any row.
    await waitFor(
      () => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(newest[0].title),
      WAIT,
    );

    const seeded = (await within(table).findByText('New health tip')).closest('tr')!;
    expect(seeded).toHaveTextContent('sent');
    expect(seeded).toHaveTextContent('user@labellens.dev');
    expect(seeded).toHaveTextContent('admin@labellens.dev');
    expect(seeded).toHaveTextContent('{"screen":"tips"}');
    expect(seeded).toHaveTextContent('projects/labellens-dev/messages/0:1700000000000001');

    const failed = within(table).getByText('Welcome to LabelLens').closest('tr')!;
    expect(failed).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('No device token registered for this user');

    fireEvent.click(within(seeded).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('textbox', { name: 'Title' }, WAIT)).toHaveValue('New health tip');
    expect(bodyBox()).toHaveValue('Compare sodium per 100 g, not per serving. Open LabelLens to learn more.');
    expect(JSON.parse((dataBox() as HTMLTextAreaElement).value)).toEqual({ screen: 'tips' });
    expect(picker()).toHaveValue('user@labellens.dev');
    expect(screen.getByText('Device registered')).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeEnabled(), WAIT);
  });

  it('shows "No notifications sent yet" when there are none', async () => {
    await server.db().query('delete from public.notifications');
    await signIn(DEMO.admin);
    renderPage(<NotificationsPage />, '/admin/notifications?tab=history');
    expect(await screen.findByText('No notifications sent yet', {}, WAIT)).toBeInTheDocument();
  });
});
