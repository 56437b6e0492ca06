/**
 * The institute form's inputs (spec §3, §5), shared by registration, the admin's user form and the
 * profile update. Which fields are required comes from the schema of the surrounding ApiForm. Part
 * of the chunks that carry the geo data (AddressPicker), never of the login screen.
 */
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTITUTE_LEVELS, INSTITUTE_TYPES, LIMITS, MANAGEMENT_TYPES } from '../../common/constants';
import type { PublicUser } from '../../common/schemas/user';
import { AddressPicker } from '../auth/AddressPicker';
import { PasswordField, TextField } from '../components/forms/fields';
import { SelectField } from '../components/forms/SelectField';
import { UploadField } from '../components/upload/UploadField';
import { useLanguage } from '../i18n';
import { formatNumber } from '../i18n/format';

/** Every institute field, empty. */
export const EMPTY_INSTITUTE = {
  institute_type: '',
  institute_level: '',
  institute_management_type: '',
  name: '',
  institute_name_english: '',
  institute_total_student: '',
  contact_person: '',
  contact_person_name_english: '',
  phone_number: '',
  whatsapp_number: '',
  permanent_phone_number: '',
  email: '',
  website: '',
  facebook: '',
  division_id: '',
  zilla_id: '',
  upozilla_id: '',
  thana: '',
  sector: '',
  union: '',
  holding_no: '',
  post_office: '',
  photo: '',
  file: '',
};

export type InstituteFieldName = keyof typeof EMPTY_INSTITUTE;

/** A stored account's institute fields as the form's text values. */
export function instituteValues(user: PublicUser | undefined): Record<InstituteFieldName, string> {
  if (!user) return { ...EMPTY_INSTITUTE };
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return Object.fromEntries(
    (Object.keys(EMPTY_INSTITUTE) as InstituteFieldName[]).map((name) => [name, text(name === 'name' ? user.name : (user[name] as string | number | null))]),
  ) as Record<InstituteFieldName, string>;
}

export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="filled" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
    </Fieldset>
  );
}

export type PasswordMode = 'required' | 'optional' | 'none';

/**
 * Which images the form takes (spec §3, §9: 200×200): the public register form only the logo (an
 * anonymous upload may only go to 'logos'), a signed-in form the account photo as well.
 */
export type ImageMode = 'logo' | 'photo-and-logo';

const IMAGE_SIZE = 200;

export function InstituteFormSections({
  password,
  passwordHint,
  images = 'photo-and-logo',
}: {
  password: PasswordMode;
  passwordHint?: string;
  images?: ImageMode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const label = (name: InstituteFieldName | 'password' | 'password_confirmation') => t(`register.fields.${name}`);
  const mobile = { type: 'tel', inputMode: 'tel', placeholder: t('register.placeholders.mobile') } as const;
  const url = { type: 'url', placeholder: t('register.placeholders.url') } as const;
  const choose = t('register.placeholders.choose');
  const imageHint = t('register.hints.image', { width: formatNumber(IMAGE_SIZE, lang), height: formatNumber(IMAGE_SIZE, lang) });

  return (
    <>
      <FormSection legend={t('register.sections.institute')}>
        <TextField name="name" label={label('name')} />
        <TextField name="institute_name_english" label={label('institute_name_english')} autoCapitalize="words" lang="en" />
        <SelectField
          name="institute_type"
          label={label('institute_type')}
          placeholder={choose}
          data={INSTITUTE_TYPES.map((value) => ({ value, label: t(`institute.type.${value}`) }))}
        />
        <SelectField
          name="institute_level"
          label={label('institute_level')}
          placeholder={choose}
          data={INSTITUTE_LEVELS.map((value) => ({ value, label: t(`institute.level.${value}`) }))}
        />
        <SelectField
          name="institute_management_type"
          label={label('institute_management_type')}
          placeholder={choose}
          data={MANAGEMENT_TYPES.map((value) => ({ value, label: t(`institute.management.${value}`) }))}
        />
        <TextField name="institute_total_student" label={label('institute_total_student')} inputMode="numeric" />
      </FormSection>

      <FormSection legend={t('register.sections.head')}>
        <TextField name="contact_person" label={label('contact_person')} autoComplete="name" />
        <TextField name="contact_person_name_english" label={label('contact_person_name_english')} autoCapitalize="words" lang="en" />
        <TextField name="phone_number" label={label('phone_number')} autoComplete="tel" {...mobile} />
        <TextField name="whatsapp_number" label={label('whatsapp_number')} {...mobile} />
      </FormSection>

      <FormSection legend={t('register.sections.contact')}>
        <TextField name="permanent_phone_number" label={label('permanent_phone_number')} type="tel" inputMode="tel" />
        <TextField name="email" label={label('email')} type="email" autoComplete="email" description={t('register.hints.email')} />
        <TextField name="website" label={label('website')} {...url} />
        <TextField name="facebook" label={label('facebook')} {...url} />
      </FormSection>

      <Fieldset legend={t('register.sections.address')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <AddressPicker />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <TextField name="thana" label={label('thana')} />
          <TextField name="union" label={label('union')} />
          <TextField name="sector" label={label('sector')} />
          <TextField name="holding_no" label={label('holding_no')} />
          <TextField name="post_office" label={label('post_office')} />
        </SimpleGrid>
      </Fieldset>

      <FormSection legend={t('register.sections.images')}>
        {images === 'photo-and-logo' && (
          <UploadField name="photo" label={label('photo')} width={IMAGE_SIZE} height={IMAGE_SIZE} folder="photos" description={imageHint} />
        )}
        <UploadField name="file" label={label('file')} width={IMAGE_SIZE} height={IMAGE_SIZE} folder="logos" description={imageHint} />
      </FormSection>

      {password !== 'none' && <PasswordSection passwordHint={passwordHint} />}
    </>
  );
}

/** The password and its repetition (an account's form when creating, or changing it). */
export function PasswordSection({ passwordHint }: { passwordHint?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <FormSection legend={t('register.sections.password')}>
      <PasswordField
        name="password"
        label={t('register.fields.password')}
        autoComplete="new-password"
        description={passwordHint ?? t('register.hints.password', { min: formatNumber(LIMITS.password.min, lang) })}
      />
      <PasswordField name="password_confirmation" label={t('register.fields.password_confirmation')} autoComplete="new-password" />
    </FormSection>
  );
}
