import { CONTACT_LIMITS } from './limits';
import { toContactRow, validateContact } from './contact';

const VALID = {
  firstName: ' Kavya ',
  lastName: 'Nair',
  email: ' kavya.nair@example.in ',
  subject: 'Feedback',
  message: 'Lovely app.',
};

describe('contact schema', () => {
  it('trims values and maps them to the contact_messages columns', () => {
    const result = validateContact(VALID);
    expect(result).toEqual({
      ok: true,
      value: { ...VALID, firstName: 'Kavya', email: 'kavya.nair@example.in' },
    });
    if (result.ok) {
      expect(toContactRow(result.value)).toEqual({
        first_name: 'Kavya',
        last_name: 'Nair',
        email: 'kavya.nair@example.in',
        subject: 'Feedback',
        message: 'Lovely app.',
      });
    }
  });

  it('reports the first issue of each field: required, too long, invalid email', () => {
    expect(
      validateContact({
        firstName: '   ',
        lastName: 'x'.repeat(CONTACT_LIMITS.lastNameMax + 1),
        email: 'kavya@',
        subject: 's'.repeat(CONTACT_LIMITS.subjectMax),
        message: 'm'.repeat(CONTACT_LIMITS.messageMax + 1),
      }),
    ).toEqual({
      ok: false,
      errors: { firstName: 'required', lastName: 'tooLong', email: 'invalidEmail', message: 'tooLong' },
    });
    expect(validateContact({ ...VALID, email: '' })).toEqual({ ok: false, errors: { email: 'required' } });
  });
});
