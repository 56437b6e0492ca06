/** Places of Bangladesh as the exam screens name them: in the interface language, upazilas with their district. */
import { districtById, divisionById, upazilaById, upazilas } from '../../../common/geo';
import type { Lang } from '../../../common/messages';

type Named = { name_en: string; name_bn: string };

const collators: Record<Lang, Intl.Collator> = { bn: new Intl.Collator('bn'), en: new Intl.Collator('en') };

const nameOf = (place: Named | undefined, lang: Lang) => (place ? (lang === 'bn' ? place.name_bn : place.name_en) : undefined);

export const upazilaName = (id: number | null | undefined, lang: Lang) => (id ? nameOf(upazilaById.get(id), lang) : undefined);

/** Every upazila as a choice, "Savar (Dhaka)", in the alphabetical order of the language read. */
export function upazilaOptions(lang: Lang): { value: string; label: string }[] {
  return upazilas
    .map((upazila) => ({ value: String(upazila.id), label: `${nameOf(upazila, lang)} (${nameOf(districtById.get(upazila.district_id), lang)})` }))
    .sort((a, b) => collators[lang].compare(a.label, b.label));
}

/** The street address, then upazila, district and division. */
export function fullAddress(
  place: { address?: string; upozilla_id?: number | null; zilla_id?: number | null; division_id?: number | null },
  lang: Lang,
): string {
  const parts = [
    place.address,
    upazilaName(place.upozilla_id, lang),
    place.zilla_id ? nameOf(districtById.get(place.zilla_id), lang) : undefined,
    place.division_id ? nameOf(divisionById.get(place.division_id), lang) : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}
