import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { lookup as t } from '../i18n/lookup';
import { supabaseClient } from '../providers/supabaseClient';
import { DEMO, setUpStandInServer } from '../test/standInServer';
import { typeInto } from '../test/typeInto';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const stand = setUpStandInServer();

async function ask(email: string) {
  render(
    <MemoryRouter>
      <ForgotPasswordPage />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await typeInto(user, await screen.findByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  return (await screen.findByRole('status', undefined, { timeout: 5000 })).textContent;
}

describe('forgot-password page', () => {
  it('says the same for a known address, an unknown one and a known one Auth refuses with 429', async () => {
    await stand
      .db()
      .query(`update auth.users set recovery_sent_at = null where email = $1`, [DEMO.user.email]);
    const sent = t('labellens.recovery.sent');
    expect(await ask(DEMO.user.email)).toBe(sent);
    document.body.innerHTML = '';
    expect(await ask('nobody@labellens.dev')).toBe(sent);
    document.body.innerHTML = '';
    // Auth itself tells the two apart within its 60 s per-address frequency...
    const direct = await supabaseClient.auth.resetPasswordForEmail(DEMO.user.email);
    expect(direct.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    // ...the page does not.
    expect(await ask(DEMO.user.email)).toBe(sent);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
