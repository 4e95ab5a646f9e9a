import { replyHref, senderName } from './statuses';

describe('contact inbox helpers', () => {
  it('prefills the reply subject and encodes what a mail client would misread', () => {
    expect(replyHref('rekha.jain@example.in', 'Scanning Hindi labels')).toBe(
      'mailto:rekha.jain@example.in?subject=Re%3A%20Scanning%20Hindi%20labels',
    );
    expect(replyHref('a+b@example.in', 'Price & offers?')).toBe(
      'mailto:a%2Bb@example.in?subject=Re%3A%20Price%20%26%20offers%3F',
    );
    expect(replyHref('nisha@example.in', '  ')).toBe('mailto:nisha@example.in?subject=Re%3A%20LabelLens');
  });

  it('names the sender by first and last name, without a dangling space', () => {
    expect(senderName({ first_name: 'Rekha', last_name: 'Jain' })).toBe('Rekha Jain');
    expect(senderName({ first_name: 'Nisha', last_name: '' })).toBe('Nisha');
  });
});
