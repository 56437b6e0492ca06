/**
 * An institute account shown as details rows (spec §2 Users details, Profile view): the same rows on
 * the admin's user details and on the user's own profile, both printable.
 */
import { Anchor, Image } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { INSTITUTE_LEVELS, INSTITUTE_TYPES, MANAGEMENT_TYPES } from '../../common/constants';
import { districtById, divisionById, upazilaById } from '../../common/geo';
import type { Lang } from '../../common/messages';
import type { PublicUser } from '../../common/schemas/user';
import { fileUrl } from '../components/upload/uploadValue';
import { formatDate, localizeDigits } from '../i18n/format';

type InstituteType = (typeof INSTITUTE_TYPES)[number];
type InstituteLevel = (typeof INSTITUTE_LEVELS)[number];
type ManagementType = (typeof MANAGEMENT_TYPES)[number];

type Fact = { label: (t: TFunction) => string; value: (user: PublicUser, context: { t: TFunction; lang: Lang }) => ReactNode };

const digits = (value: string | null, lang: Lang) => (value ? localizeDigits(value, lang) : null);

const picture = (path: string | null, alt: string, testId: string) =>
  path ? <Image src={fileUrl(path)} alt={alt} w={96} h={96} fit="contain" radius="sm" data-testid={testId} /> : null;

const link = (url: string | null) =>
  url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" lang="en">
      {url}
    </Anchor>
  ) : null;

/** Village or road, union, sector, thana, post office, then upazila, district and division in the interface language. */
export function addressOf(user: PublicUser, t: TFunction, lang: Lang): string {
  const place = <T extends { name_en: string; name_bn: string }>(byId: ReadonlyMap<number, T>, id: number | null, stored: string | null) => {
    const known = id === null ? undefined : byId.get(id);
    return known ? (lang === 'en' ? known.name_en : known.name_bn) : stored;
  };
  const postOffice = user.post_office && t('profileCard.postOffice', { name: user.post_office });
  return [
    user.holding_no,
    user.union,
    user.sector,
    user.thana,
    postOffice,
    place(upazilaById, user.upozilla_id, user.upozilla),
    place(districtById, user.zilla_id, user.zilla),
    place(divisionById, user.division_id, user.division),
  ]
    .filter(Boolean)
    .join(', ');
}

export const instituteFacts: readonly Fact[] = [
  { label: (t) => t('fields.uid'), value: (user, { lang }) => localizeDigits(user.uid, lang) },
  { label: (t) => t('register.fields.name'), value: (user) => user.name },
  { label: (t) => t('register.fields.institute_name_english'), value: (user) => user.institute_name_english },
  {
    label: (t) => t('register.fields.institute_type'),
    value: (user, { t }) => (user.institute_type ? t(`institute.type.${user.institute_type as InstituteType}`) : null),
  },
  {
    label: (t) => t('register.fields.institute_level'),
    value: (user, { t }) => (user.institute_level ? t(`institute.level.${user.institute_level as InstituteLevel}`) : null),
  },
  {
    label: (t) => t('register.fields.institute_management_type'),
    value: (user, { t }) => (user.institute_management_type ? t(`institute.management.${user.institute_management_type as ManagementType}`) : null),
  },
  {
    label: (t) => t('register.fields.institute_total_student'),
    value: (user, { lang }) => (user.institute_total_student === null ? null : localizeDigits(String(user.institute_total_student), lang)),
  },
  { label: (t) => t('register.fields.contact_person'), value: (user) => user.contact_person },
  { label: (t) => t('register.fields.contact_person_name_english'), value: (user) => user.contact_person_name_english },
  { label: (t) => t('register.fields.phone_number'), value: (user, { lang }) => digits(user.phone_number, lang) },
  { label: (t) => t('register.fields.whatsapp_number'), value: (user, { lang }) => digits(user.whatsapp_number, lang) },
  { label: (t) => t('register.fields.permanent_phone_number'), value: (user, { lang }) => digits(user.permanent_phone_number, lang) },
  { label: (t) => t('register.fields.email'), value: (user) => user.email },
  { label: (t) => t('register.fields.website'), value: (user) => link(user.website) },
  { label: (t) => t('register.fields.facebook'), value: (user) => link(user.facebook) },
  { label: (t) => t('fields.address'), value: (user, { t, lang }) => addressOf(user, t, lang) || null },
  { label: (t) => t('profileCard.since'), value: (user, { lang }) => formatDate(user.created_at, lang) },
  { label: (t) => t('register.fields.file'), value: (user, { t }) => picture(user.file, t('register.fields.file'), 'fact-logo') },
  { label: (t) => t('register.fields.photo'), value: (user, { t }) => picture(user.photo, t('register.fields.photo'), 'fact-photo') },
];
