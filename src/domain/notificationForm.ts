import { z } from 'zod';
import {
  bodyIssue,
  parseDataText,
  titleIssue,
  type NotificationDraft,
  type NotificationIssue,
} from './notification';

/** The Compose form as typed: the picked user's id, and custom data as the JSON text of its box. */
export interface ComposeValues {
  userId: string;
  title: string;
  body: string;
  data: string;
}

export const EMPTY_COMPOSE: ComposeValues = { userId: '', title: '', body: '', data: '' };

/** A user, a non-blank title and a non-blank body: without them nothing can be sent. */
export const isComposeComplete = ({ userId, title, body }: ComposeValues): boolean =>
  userId !== '' && title.trim() !== '' && body.trim() !== '';

/**
 * The form's rules, each issue message a NotificationIssue code that the admin's catalogue words.
 * A missing user, title or body is one issue ('incomplete', on userId); the other rules are the
 * function's and the database's, reported under their field.
 */
export const composeSchema = z
  .object({ userId: z.string(), title: z.string(), body: z.string(), data: z.string() })
  .superRefine((values, ctx) => {
    const report = (path: keyof ComposeValues, issue: NotificationIssue | undefined) => {
      if (issue) ctx.addIssue({ code: 'custom', path: [path], message: issue });
    };
    if (!isComposeComplete(values)) report('userId', 'incomplete');
    const title = titleIssue(values.title);
    report('title', title === 'titleRequired' ? undefined : title);
    const body = bodyIssue(values.body);
    report('body', body === 'bodyRequired' ? undefined : body);
    const data = parseDataText(values.data);
    report('data', data.ok ? undefined : data.issue);
  });

/** The request body for a valid form. */
export function toDraft(values: ComposeValues): NotificationDraft {
  const data = parseDataText(values.data);
  if (!data.ok) throw new Error(`Custom data is not valid: ${data.issue}`);
  return { userId: values.userId, title: values.title, body: values.body, data: data.data };
}

/** A history row's data as the Compose box shows it ('' for none). */
export const dataToText = (data: Record<string, string>): string =>
  Object.keys(data).length ? JSON.stringify(data, null, 2) : '';
