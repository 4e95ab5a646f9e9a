import { TextInput } from 'react-admin';
import { HEALTH_TIP_LIMITS } from '../../domain/limits';
import { CharacterCounter } from '../../editing/CharacterCounter';

/** The one multi-line field of a health tip, with its live character counter. */
export function HealthTipInputs() {
  return (
    <>
      <TextInput source="tip" multiline minRows={5} fullWidth autoFocus />
      <CharacterCounter source="tip" max={HEALTH_TIP_LIMITS.tipMax} />
    </>
  );
}
