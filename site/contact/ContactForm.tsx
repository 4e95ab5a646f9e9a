/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  validateContact,
  type ContactErrors,
  type ContactField,
} from '../../src/domain/contact';
import { CONTACT_RATE_LIMIT } from '../../src/domain/limits';
import { Icon } from '../components/Icon';
import { useMessages } from '../i18n';
import { ContactRateLimited, sendContactMessage } from './sendContactMessage';

type Status = 'editing' | 'sending' | 'sent' | 'failed' | 'limited';
type Values = Record<ContactField, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const INPUT_TYPES: Partial<Record<ContactField, string>> = { email: 'email' };
const AUTOCOMPLETE: Partial<Record<ContactField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
};

/** Name of the hidden field only bots fill in; a filled one is "sent" without any request. */
export const HONEYPOT_NAME = 'website';

export function ContactForm() {
  const t = useMessages();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>('editing');

  const errorText = (field: ContactField): string | undefined => {
    const issue = errors[field];
    if (!issue) return undefined;
    return t.contact.errors[issue](t.contact.fields[field], CONTACT_MAX_LENGTH[field]);
  };

  const update = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = validateContact(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if ((form.elements.namedItem(HONEYPOT_NAME) as HTMLInputElement).value) {
      setValues(EMPTY);
      setStatus('sent');
      return;
    }
    setSubmitted(true);
    const result = validateContact(values);
    if (!result.ok) {
      setErrors(result.errors);
      const firstInvalid = CONTACT_FIELDS.find((field) => result.errors[field]);
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus('sending');
    try {
      await sendContactMessage(result.value);
      setValues(EMPTY);
      setSubmitted(false);
      setStatus('sent');
    } catch (error) {
      // Either way the values stay in the form: nothing the visitor typed is lost.
      setStatus(error instanceof ContactRateLimited ? 'limited' : 'failed');
    }
  };

  if (status === 'sent') {
    return (
      <div class="form-success" role="status">
        <Icon name="check" class="icon-lg" />
        <h3>{t.contact.sentTitle}</h3>
        <p>{t.contact.sentText}</p>
        <button type="button" class="btn btn-outline" onClick={() => setStatus('editing')}>
          {t.contact.sendAnother}
        </button>
      </div>
    );
  }

  const sending = status === 'sending';
  return (
    <form class="contact-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p class="form-note">{t.contact.required}</p>
      <div class="form-row">
        {CONTACT_FIELDS.map((field) => {
          const error = errorText(field);
          const Control = field === 'message' ? 'textarea' : 'input';
          return (
            <div key={field} class={`field field-${field}`}>
              <label for={`contact-${field}`}>{t.contact.fields[field]}</label>
              <Control
                id={`contact-${field}`}
                name={field}
                type={Control === 'input' ? (INPUT_TYPES[field] ?? 'text') : undefined}
                rows={Control === 'textarea' ? 6 : undefined}
                autocomplete={AUTOCOMPLETE[field]}
                required
                maxLength={CONTACT_MAX_LENGTH[field]}
                value={values[field]}
                onInput={(event) => update(field, (event.currentTarget as HTMLInputElement).value)}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? `contact-${field}-error` : undefined}
              />
              {error && (
                <p id={`contact-${field}-error`} class="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div class="honeypot" aria-hidden="true">
        <label for="contact-website">{t.contact.honeypot}</label>
        <input id="contact-website" name={HONEYPOT_NAME} type="text" tabIndex={-1} autocomplete="off" />
      </div>
      {(status === 'failed' || status === 'limited') && (
        <p class="form-error" role="alert">
          <Icon name="alert" />
          {status === 'limited' ? t.contact.limited(CONTACT_RATE_LIMIT.perAddressPerHour) : t.contact.failed}
        </p>
      )}
      <button type="submit" class="btn btn-primary btn-lg" disabled={sending}>
        {sending ? t.contact.sending : t.contact.submit}
      </button>
    </form>
  );
}
