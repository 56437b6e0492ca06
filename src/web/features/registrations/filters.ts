/**
 * The pre-filtered registration lists at filter/{type} (architecture §5): by class, by gender, by
 * fee status, and the deactivated ones. Each is a list query's filter pairs or its status.
 */
import { IconBan, IconCircleCheck, IconCoin, IconGenderFemale, IconGenderMale, IconHourglass, IconSchool, type Icon } from '@tabler/icons-react';

type Filter = { icon: Icon; filters?: Readonly<Record<string, string>>; status?: 0 };

export const REGISTRATION_FILTERS = {
  // Not a digit icon: its Latin '4' and '7' would stand beside Bengali text.
  'class-04': { icon: IconSchool, filters: { class: '04' } },
  'class-07': { icon: IconSchool, filters: { class: '07' } },
  male: { icon: IconGenderMale, filters: { gender: 'm' } },
  female: { icon: IconGenderFemale, filters: { gender: 'f' } },
  unpaid: { icon: IconCoin, filters: { fee_status: 'unpaid' } },
  pending: { icon: IconHourglass, filters: { fee_status: 'pending' } },
  paid: { icon: IconCircleCheck, filters: { fee_status: 'paid' } },
  deactivated: { icon: IconBan, status: 0 },
} as const satisfies Record<string, Filter>;

export type RegistrationFilterType = keyof typeof REGISTRATION_FILTERS;

export const registrationFilterTypes = Object.keys(REGISTRATION_FILTERS) as RegistrationFilterType[];

export function isRegistrationFilter(type: string | undefined): type is RegistrationFilterType {
  return type !== undefined && Object.hasOwn(REGISTRATION_FILTERS, type);
}
