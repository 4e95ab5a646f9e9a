import { useEffect, useState } from 'react';
import type { AudienceDefinition } from '../domain/pushAudience';
import type { AudienceCount } from './pushMethods';
import { useAdminDataProvider } from './useAdminDataProvider';
import { useDebouncedValue } from './useDebouncedValue';

/** The count waits this long after the operator's last change, so typing does not send a count per key. */
export const COUNT_DEBOUNCE_MS = 400;

export interface SampleRow {
  user_id: string;
  email: string | null;
  locale: string;
  platform: string;
}

export type Reach =
  | { state: 'counting' }
  | { state: 'counted'; count: AudienceCount; sample: SampleRow[] | null }
  | { state: 'failed'; error: string };

/**
 * The people and devices the definition reaches, counted by the database once it has settled, and
 * ten of the people when `withSample` (the roles that may list people; the database checks again).
 * "Counting" from the first change until the answer for the definition as it now stands arrives.
 */
export function useAudienceReach(definition: AudienceDefinition | null, withSample: boolean): Reach {
  const dataProvider = useAdminDataProvider();
  const typed = JSON.stringify(definition);
  const settled = useDebouncedValue(typed, COUNT_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ for: string; reach: Reach } | null>(null);
  useEffect(() => {
    const parsed = JSON.parse(settled) as AudienceDefinition | null;
    if (!parsed) return;
    let current = true;
    Promise.all([
      dataProvider.countAudience(parsed),
      withSample ? dataProvider.sampleAudience(parsed) : Promise.resolve(null),
    ])
      .then(
        ([count, sample]) =>
          current && setAnswer({ for: settled, reach: { state: 'counted', count, sample } }),
      )
      .catch(
        (error: Error) =>
          current && setAnswer({ for: settled, reach: { state: 'failed', error: error.message } }),
      );
    return () => {
      current = false;
    };
  }, [settled, withSample, dataProvider]);
  return answer && answer.for === typed ? answer.reach : { state: 'counting' };
}
