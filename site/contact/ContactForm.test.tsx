/** @jsxImportSource preact */
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { render } from 'preact';
import { supabaseHandlers } from '../../mocks/msw/handlers';
import type { Database } from '../../mocks/supabase/db';
import { LOCAL_ANON_KEY } from '../../mocks/supabase/keys';
import { createStandIn } from '../../mocks/supabase/standIn';
import { openTestDatabase } from '../../mocks/supabase/testing/snapshot';
import { typeInto } from '../../src/test/typeInto';
import { LangContext, type Lang } from '../i18n';
import { ContactForm } from './ContactForm';

const SUPABASE_URL = 'http://localhost:54321';
const CONTACT_URL = `${SUPABASE_URL}/rest/v1/contact_messages`;

let db: Database;
let server: ReturnType<typeof setupServer>;
let container: HTMLElement;
let requests: Request[];

beforeAll(async () => {
  db = await openTestDatabase();
  server = setupServer(...supabaseHandlers(createStandIn({ db }), SUPABASE_URL));
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(request.clone()));
});

afterAll(async () => {
  server.close();
  await db.close();
});

beforeEach(() => {
  requests = [];
});

afterEach(() => {
  render(null, container);
  container.remove();
  server.resetHandlers();
});

function mount(lang: Lang = 'en') {
  container = document.createElement('div');
  document.body.append(container);
  render(
    <LangContext.Provider value={lang}>
      <ContactForm />
    </LangContext.Provider>,
    container,
  );
  return userEvent.setup();
}

const VALID = {
  'First Name': 'Meera',
  'Last Name': 'Joshi',
  Email: 'meera.joshi@example.in',
  Subject: 'Scanning Hindi labels',
  Message: 'Does the app read labels printed only in Hindi?',
};

/** Fills the fields as a paste would (typing each key is slow in the test DOM and not what these test). */
async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID> = VALID) {
  for (const [label, value] of Object.entries(values))
    await typeInto(user, screen.getByLabelText(label), value);
}

async function storedMessages(email: string) {
  const { rows } = await db.query(
    'select first_name, last_name, email, subject, message, status from public.contact_messages where email = $1',
    [email],
  );
  return rows;
}

describe('ContactForm', () => {
  it('names every missing field, marks it invalid, focuses the first and sends nothing', async () => {
    const user = mount();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First Name is required');
    expect(firstName).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('asks for a valid email and clears the message as soon as the address is fixed', async () => {
    const user = mount();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await fill(user, { ...VALID, Email: 'meera@example' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), '.in');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('words validation messages in Hindi on the Hindi site', async () => {
    const user = mount('hi');
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(screen.getByText('पहला नाम भरना ज़रूरी है')).toBeInTheDocument();
    expect(screen.getByLabelText('ईमेल')).toHaveAccessibleDescription('ईमेल भरना ज़रूरी है');
  });

  it('stores the message through the REST API as the anonymous role and confirms it', async () => {
    const user = mount();
    await fill(user, { ...VALID, 'First Name': '  Meera ' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We reply within one business day');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(CONTACT_URL);
    expect(request.headers.get('apikey')).toBe(LOCAL_ANON_KEY);
    expect(request.headers.get('authorization')).toBe(`Bearer ${LOCAL_ANON_KEY}`);
    expect(request.headers.get('prefer')).toBe('return=minimal');
    expect(await request.json()).toEqual({
      first_name: 'Meera',
      last_name: 'Joshi',
      email: 'meera.joshi@example.in',
      subject: 'Scanning Hindi labels',
      message: 'Does the app read labels printed only in Hindi?',
    });
    expect(await storedMessages('meera.joshi@example.in')).toEqual([
      {
        first_name: 'Meera',
        last_name: 'Joshi',
        email: 'meera.joshi@example.in',
        subject: 'Scanning Hindi labels',
        message: 'Does the app read labels printed only in Hindi?',
        status: 'new',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('');
  });

  it('shows a busy, disabled button while sending', async () => {
    let respond!: () => void;
    server.use(
      http.post(
        CONTACT_URL,
        () => new Promise((resolve) => (respond = () => resolve(new HttpResponse(null, { status: 201 })))),
      ),
    );
    const user = mount();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    expect(busy.closest('form')).toHaveAttribute('aria-busy', 'true');
    respond();
    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
  });

  it('on failure says so and keeps everything typed', async () => {
    server.use(
      http.post(CONTACT_URL, () =>
        HttpResponse.json(
          { code: '42501', message: 'permission denied', details: null, hint: null },
          { status: 401 },
        ),
      ),
    );
    const user = mount();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, we could not send your message.');
    for (const [label, value] of Object.entries(VALID))
      expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it.each([
    [
      'en',
      'Send Message',
      'You have sent 5 messages in the last hour, the most we accept. Please try again in an hour. Everything you typed is still here.',
    ],
    [
      'hi',
      'संदेश भेजें',
      'आप पिछले एक घंटे में 5 संदेश भेज चुके हैं, जो हमारी सीमा है। कृपया एक घंटे बाद दोबारा कोशिश करें। आपने जो लिखा है, वह सब यहीं सुरक्षित है।',
    ],
  ] as const)(
    'past the flood limit (%s) the database answers 429, the form says so and keeps everything typed',
    async (lang, submit, text) => {
      // Five messages already came from this address (in-process requests have the address `local`).
      await db.query(
        `insert into private.contact_submissions (address) select 'local' from generate_series(1, 5)`,
      );
      try {
        const user = mount(lang);
        const values = { ...VALID, Email: `limited-${lang}@example.in` };
        const labels = lang === 'en' ? Object.keys(VALID) : ['पहला नाम', 'उपनाम', 'ईमेल', 'विषय', 'संदेश'];
        for (const [i, value] of Object.values(values).entries())
          await typeInto(user, screen.getByLabelText(labels[i]), value);
        await user.click(screen.getByRole('button', { name: submit }));

        expect(await screen.findByRole('alert')).toHaveTextContent(text);
        for (const [i, value] of Object.values(values).entries())
          expect(screen.getByLabelText(labels[i])).toHaveValue(value);
        expect(await storedMessages(values.Email)).toEqual([]);
      } finally {
        await db.query(`delete from private.contact_submissions where address = 'local'`);
      }
    },
  );

  it('on a network error says so and keeps everything typed', async () => {
    server.use(http.post(CONTACT_URL, () => HttpResponse.error()));
    const user = mount();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(VALID.Message);
  });

  it('drops a bot submission (honeypot filled) silently: it looks sent, nothing is sent', async () => {
    const user = mount();
    const email = 'bot@spam.example';
    await fill(user, { ...VALID, Email: email });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(within(container).queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    await user.type(honeypot, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(0));
    expect(await storedMessages(email)).toEqual([]);
  });
});
