/**
 * The pre-filtered registration lists at filter/{type} (architecture §5): by class, by gender, by
 * fee status, and the deactivated ones. Each is a list query's filter pairs or its status.
 */
import { IconBan, IconCircleCheck, IconCoin, IconGenderFemale, IconGenderMale, IconHourglass, IconNumber4, IconNumber7, type Icon } from '@tabler/icons-react';

type Filter = { icon: Icon; filters?: Readonly<Record<string, string>>; status?: 0 };

export const REGISTRATION_FILTERS = {
  'class-04': { icon: IconNumber4, filters: { class: '04' } },
  'class-07': { icon: IconNumber7, filters: { class: '07' } },
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
