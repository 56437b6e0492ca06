/** The institutes a centre names, by name (fetched by id). */
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { useInstituteNames } from './useInstituteNames';

export function ServedInstitutes({ ids }: { ids: readonly number[] }) {
  const lang = useLanguage();
  const names = useInstituteNames(ids);
  return <span data-testid="served-institutes">{ids.map((id) => names.get(id) ?? `#${localizeDigits(String(id), lang)}`).join(', ')}</span>;
}
