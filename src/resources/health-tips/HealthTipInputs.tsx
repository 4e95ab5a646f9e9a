import { HEALTH_TIP_LIMITS } from '../../domain/limits';
import { LanguageFields } from '../../editing/LanguageFields';

/** The one multi-line field of a health tip, in English and Hindi side by side, each with its counter. */
export function HealthTipInputs() {
  return <LanguageFields fields={[{ source: 'tip', max: HEALTH_TIP_LIMITS.tipMax, multiline: true }]} />;
}
