/** An institute's name and address in the interface language. */
import { useQuery } from '@tanstack/react-query';
import type { Lang } from '../../common/messages';
import type { PublicUser } from '../../common/schemas/user';

/** The English name when the interface is English and one was given; the Bengali name otherwise. */
export function displayName(user: PublicUser, lang: Lang): string {
  return (lang === 'en' && user.institute_name_english) || user.name;
}

/**
 * Upazila, district and division. The account stores the Bengali names; the English ones come
 * from the geo data, loaded only when the interface is English.
 */
export function usePlaceNames(user: PublicUser, lang: Lang): (string | null)[] {
  const geo = useQuery({ queryKey: ['geo'], queryFn: () => import('../../common/geo'), enabled: lang === 'en', staleTime: Infinity });
  if (lang === 'bn' || !geo.data) return [user.upozilla, user.zilla, user.division];
  const english = <T extends { name_en: string }>(byId: ReadonlyMap<number, T>, id: number | null) => (id === null ? null : (byId.get(id)?.name_en ?? null));
  return [english(geo.data.upazilaById, user.upozilla_id), english(geo.data.districtById, user.zilla_id), english(geo.data.divisionById, user.division_id)];
}
