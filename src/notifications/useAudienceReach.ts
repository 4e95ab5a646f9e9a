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
 */
export function useAudienceReach(definition: AudienceDefinition | null, withSample: boolean): Reach {
  const dataProvider = useAdminDataProvider();
  const settled = useDebouncedValue(JSON.stringify(definition), COUNT_DEBOUNCE_MS);
  const [reach, setReach] = useState<Reach>({ state: 'counting' });
  useEffect(() => {
    const parsed = JSON.parse(settled) as AudienceDefinition | null;
    if (!parsed) return;
    let current = true;
    setReach({ state: 'counting' });
    Promise.all([
      dataProvider.countAudience(parsed),
      withSample ? dataProvider.sampleAudience(parsed) : Promise.resolve(null),
    ])
      .then(([count, sample]) => current && setReach({ state: 'counted', count, sample }))
      .catch((error: Error) => current && setReach({ state: 'failed', error: error.message }));
    return () => {
      current = false;
    };
  }, [settled, withSample, dataProvider]);
  return reach;
}
