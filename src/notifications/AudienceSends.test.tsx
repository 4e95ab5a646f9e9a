import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { supabaseClient } from '../providers/supabaseClient';
import { renderPage } from '../test/renderPage';
import { DEMO, signIn, setUpStandInServer } from '../test/standInServer';
import { AudienceComposer } from './AudienceComposer';
import { PushSends } from './PushSends';

/**
 * The Audience and Audience sends tabs below <Admin>, against the stand-in running the real SQL.
 * The seed: the Self profiles of users 7, 19 and 31 list Peanuts and their devices are in Hindi.
 */
setUpStandInServer();
const WAIT = { timeout: 30_000 };
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: WAIT.timeout });

const paste = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });

describe('AudienceComposer', () => {
  it('counts "peanut allergy, Hindi" as 3 people on 3 devices, lists them, and sends to them', async () => {
    await signIn(DEMO.admin);
    const created = vi.fn();
    renderPage(<AudienceComposer onCreated={created} />, '/admin/notifications?tab=audience');
    const who = await screen.findByRole('region', { name: 'Who gets it' }, WAIT);
    const allergies = within(who).getByRole('combobox', { name: 'Allergies (any of)' });
    paste(allergies, 'Peanuts');
    fireEvent.click(await screen.findByRole('option', { name: 'Peanuts' }, WAIT));
    fireEvent.click(within(who).getByRole('checkbox', { name: 'Hindi' }));
    await waitFor(
      () => expect(screen.getByTestId('audience-count')).toHaveTextContent('3 people on 3 devices'),
      WAIT,
    );
    const sample = await within(who).findByRole('region', { name: 'A few of them' }, WAIT);
    await waitFor(() => expect(within(sample).getAllByRole('listitem')).toHaveLength(3), WAIT);

    const what = screen.getByRole('form', { name: 'What they read' });
    paste(within(what).getByRole('textbox', { name: 'Title (English)' }), 'Component recall');
    paste(within(what).getByRole('textbox', { name: 'Message (English)' }), 'Check your pantry.');
    const send = within(what).getByRole('button', { name: 'Send to audience' });
    await waitFor(() => expect(send).toBeEnabled(), WAIT);
    fireEvent.click(send);
    expect(await screen.findByText('Your send is on its way.', {}, WAIT)).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
    const { data } = await supabaseClient
      .from('push_sends')
      .select('definition, status, people, devices, title_hi')
      .eq('title_en', 'Component recall');
    expect(data).toEqual([
      {
        definition: { allergies: ['Peanuts'], locales: ['hi'] },
        status: 'scheduled',
        people: 3,
        devices: 3,
        title_hi: null,
      },
    ]);
  });
});

describe('PushSends', () => {
  it("shows a send's status, reach, counters and author, and cancels it", async () => {
    await signIn(DEMO.admin);
    const { error } = await supabaseClient.rpc('push_send_create', {
      definition: { allergies: ['Peanuts'], locales: ['hi'] },
      title_en: 'Listed send',
      body_en: 'A body',
      send_at_local: '2099-01-01T09:00:00',
    });
    expect(error).toBeNull();
    renderPage(<PushSends />, '/admin/notifications?tab=sends');
    const card = await screen.findByRole('article', { name: 'Listed send' }, WAIT);
    expect(card).toHaveTextContent('scheduled');
    expect(card).toHaveTextContent('At 2099-01-01 09:00 local');
    expect(card).toHaveTextContent('3 people, 3 devices');
    expect(card).toHaveTextContent('Queued 0 · sent 0 · failed 0 · tokens removed 0');
    expect(card).toHaveTextContent(`Sent by ${DEMO.admin.email}`);
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel send' }));
    await waitFor(() => expect(card).toHaveTextContent('cancelled'), WAIT);
    expect(within(card).queryByRole('button', { name: 'Cancel send' })).toBeNull();
  });
});
