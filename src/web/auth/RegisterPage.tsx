/**
 * Institute registration (spec §2, §3, §5). Loaded as its own chunk with the geo data, so the login
 * screen does not carry them. The logo upload comes with the upload widget in a later issue.
 */
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INSTITUTE_LEVELS, INSTITUTE_TYPES, LIMITS, MANAGEMENT_TYPES } from '../../common/constants';
import { RegisterBody } from '../../common/schemas/institute';
import { paths } from '../app/paths';
import { ApiForm } from '../components/forms/ApiForm';
import { SelectField } from '../components/forms/SelectField';
import { SubmitButton } from '../components/forms/SubmitButton';
import { PasswordField, TextField } from '../components/forms/fields';
import { useApiForm, type FormValues } from '../components/forms/useApiForm';
import { useLanguage } from '../i18n';
import { formatNumber } from '../i18n/format';
import { AddressPicker } from './AddressPicker';
import { authApi } from './api';
import { AuthCard } from './AuthCard';
import { markRegistered } from './registrationMarker';

const EMPTY = {
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
  password: '',
  password_confirmation: '',
} satisfies FormValues<typeof RegisterBody>;

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="filled" p={{ base: 'sm', sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
    </Fieldset>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const state = useApiForm({
    schema: RegisterBody,
    defaultValues: EMPTY,
    onSubmit: async (values) => {
      const { data } = await authApi.register(values);
      markRegistered(data.user.uid);
      await navigate(paths.login);
    },
  });

  const label = (name: keyof typeof EMPTY) => t(`register.fields.${name}`);
  const mobile = { type: 'tel', inputMode: 'tel', placeholder: t('register.placeholders.mobile') } as const;
  const url = { type: 'url', placeholder: t('register.placeholders.url') } as const;
  const choose = t('register.placeholders.choose');

  return (
    <AuthCard
      title={t('register.title')}
      lead={t('register.subtitle')}
      width={880}
      links={[
        { to: paths.login, lead: t('register.haveAccount'), label: t('register.loginLink') },
        { to: paths.passwordReset, label: t('register.forgotLink') },
      ]}
    >
      <ApiForm state={state}>
        <Section legend={t('register.sections.institute')}>
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
        </Section>

        <Section legend={t('register.sections.head')}>
          <TextField name="contact_person" label={label('contact_person')} autoComplete="name" />
          <TextField name="contact_person_name_english" label={label('contact_person_name_english')} autoCapitalize="words" lang="en" />
          <TextField name="phone_number" label={label('phone_number')} autoComplete="tel" {...mobile} />
          <TextField name="whatsapp_number" label={label('whatsapp_number')} {...mobile} />
        </Section>

        <Section legend={t('register.sections.contact')}>
          <TextField name="permanent_phone_number" label={label('permanent_phone_number')} type="tel" inputMode="tel" />
          <TextField name="email" label={label('email')} type="email" autoComplete="email" description={t('register.hints.email')} />
          <TextField name="website" label={label('website')} {...url} />
          <TextField name="facebook" label={label('facebook')} {...url} />
        </Section>

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

        <Section legend={t('register.sections.password')}>
          <PasswordField
            name="password"
            label={label('password')}
            autoComplete="new-password"
            description={t('register.hints.password', { min: formatNumber(LIMITS.password.min, lang) })}
          />
          <PasswordField name="password_confirmation" label={label('password_confirmation')} autoComplete="new-password" />
        </Section>

        <SubmitButton label={t('register.submit')} processingLabel={t('register.submitting')} size="md" w={{ base: '100%', sm: 320 }} mx="auto" />
      </ApiForm>
    </AuthCard>
  );
}
