import { i18nProvider } from '../../i18n/i18nProvider';
import { MAILTO_MAX_LENGTH, replyHref, senderName } from './statuses';
import type { ContactMessage } from './data';

const translate = i18nProvider.translate;
const rekha: ContactMessage = {
  id: 'c1',
  first_name: 'Rekha',
  last_name: 'Jain',
  email: 'rekha.jain@example.in',
  subject: 'Scanning Hindi labels',
  message: 'Hello,\r\nCan the app read Hindi labels?\n\nThanks & regards',
  status: 'read',
  created_at: '2026-11-24T08:35:00Z',
  updated_at: '2026-11-24T08:35:00Z',
};

describe('contact inbox helpers', () => {
  it('replies with "Re: subject" and the message quoted under who wrote it and when (IST)', () => {
    expect(replyHref(rekha, translate)).toBe(
      'mailto:rekha.jain@example.in?subject=Re%3A%20Scanning%20Hindi%20labels' +
        '&body=%0D%0A%0D%0AOn%2024%20Nov%202026%2C%2014%3A05%20IST%2C%20Rekha%20Jain%20wrote%3A' +
        '%0D%0A%3E%20Hello%2C%0D%0A%3E%20Can%20the%20app%20read%20Hindi%20labels%3F%0D%0A%3E%20' +
        '%0D%0A%3E%20Thanks%20%26%20regards',
    );
  });

  it('encodes what a mail client would misread, and names a nameless sender by email', () => {
    const message = { ...rekha, first_name: '', last_name: '', email: 'a+b@example.in', message: 'Hi?' };
    expect(replyHref({ ...message, subject: 'Price & offers?' }, translate)).toBe(
      'mailto:a%2Bb@example.in?subject=Re%3A%20Price%20%26%20offers%3F' +
        '&body=%0D%0A%0D%0AOn%2024%20Nov%202026%2C%2014%3A05%20IST%2C%20a%2Bb%40example.in%20wrote%3A%0D%0A%3E%20Hi%3F',
    );
    expect(replyHref({ ...message, subject: '  ' }, translate)).toMatch(
      /^mailto:a%2Bb@example\.in\?subject=Re%3A%20LabelLens&body=/,
    );
  });

  it('quotes a long message only in part, with a note, within the mailto length limit', () => {
    const long = { ...rekha, message: 'नमस्ते '.repeat(400) };
    const href = replyHref(long, translate);
    expect(href.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
    const body = decodeURIComponent(href.slice(href.indexOf('&body=') + 6));
    // 273 characters around the quote; each word encodes to 57 (six letters of 9, a space of 3), so
    // 1,727 left hold 30 words and one more letter (9) but not two.
    const quoted = `${'नमस्ते '.repeat(30)}न`;
    expect(body).toBe(
      `\r\n\r\nOn 24 Nov 2026, 14:05 IST, Rekha Jain wrote:\r\n> ${quoted}\r\n\r\n` +
        '[Message shortened. The full text is in the LabelLens contact inbox.]',
    );
  });

  it('names the sender by first and last name, without a dangling space', () => {
    expect(senderName({ first_name: 'Rekha', last_name: 'Jain' })).toBe('Rekha Jain');
    expect(senderName({ first_name: 'Nisha', last_name: '' })).toBe('Nisha');
  });
});
