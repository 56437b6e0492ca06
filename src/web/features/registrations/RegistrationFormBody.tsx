/**
 * The student registration form (spec §3, §5): every field of a registration; the detailed address
 * (holding, ward, sector, thana) for admins only, while the fields the import template asks an
 * institute for (birth registration number, Bengali parents' names, village) are everyone's, so a
 * school can correct what it imported; an admin chooses
 * the institute by name; an institute's own names are filled in and hidden. The declaration must be
 * ticked before it is sent.
 */
import { Alert, Box, Fieldset, SimpleGrid } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { analyticsQuery } from '../../api/analytics';
import { useTranslation } from 'react-i18next';
import { AddressPicker } from '../../auth/AddressPicker';
import { useCurrentUser } from '../../auth/session';
import { TextField } from '../../components/forms/fields';
import { CheckboxField, RadioGroupField, UpperTextField } from '../../components/forms/moreFields';
import { SelectField } from '../../components/forms/SelectField';
import { UploadField } from '../../components/upload/UploadField';
import { useLanguage } from '../../i18n';
import type { Catalog } from '../../i18n/catalog';
import { formatDay, formatMoney, formatNumber } from '../../i18n/format';
import { FormSection } from '../../institute/InstituteFormSections';
import { InstituteOfForm } from '../../institute/InstituteOfForm';
import type { ListRowOf } from '../../../common/resources';
import type { FormMode } from '../../resources/types';
import { classOptions, departmentOptions, genderOptions } from '../../i18n/reference';

type RegistrationRow = ListRowOf<'registrations'>;

export type RegistrationFieldKey = keyof Catalog['registrations']['fields'];

/** The student's photo: a portrait box (fitted inside, never enlarged), sharp on the printed sheet's 120×150 frame. */
const PHOTO_SIZE = { width: 300, height: 400 };

/**
 * Outside the season's window a new registration is the admin's alone (architecture §9): an institute
 * reads why before it fills the form in; the late fee, when it applies, is said before saving.
 */
function WindowNote() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const analytics = useQuery(analyticsQuery());
  const season = analytics.data?.season;
  if (!season || !analytics.data) return null;
  if (season.window !== 'open') {
    const day = season.window === 'closed' ? season.registration_closes : season.registration_opens;
    return (
      <Alert color={user.role === 'admin' ? 'blue' : 'red'} variant="light" icon={<IconCalendarOff aria-hidden />} data-testid="window-note">
        {user.role === 'admin' ? t('registrations.window.adminNote') : t(`registrations.window.${season.window}`, { date: day ? formatDay(day, lang) : '' })}
      </Alert>
    );
  }
  if (season.days_to_late_fee !== null && season.days_to_late_fee <= 0 && season.late_fee > 0)
    return (
      <Alert color="orange" variant="light" icon={<IconCalendarOff aria-hidden />} data-testid="late-fee-note">
        {t('registrations.window.lateFee', { fee: formatMoney(analytics.data.fee, lang) })}
      </Alert>
    );
  return null;
}

export function RegistrationFormBody({ mode, row }: { mode: FormMode; row?: RegistrationRow }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const label = (name: RegistrationFieldKey) => t(`registrations.fields.${name}`);
  const mobile = { type: 'tel', inputMode: 'tel', placeholder: t('register.placeholders.mobile') } as const;
  const upperHint = t('registrations.hints.upper');
  const lang = useLanguage();

  return (
    <>
      {mode === 'create' && <WindowNote />}
      <Box maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}>
        <InstituteOfForm user={user} label={label('institute_id')} valueLabel={row?.institute?.name ?? row?.institute_name ?? undefined} />
      </Box>
      {/* Spec §5: an institute's own names go with the form as hidden values. */}
      {!isAdmin && (
        <>
          <input type="hidden" name="institute_name" value={user.name} />
          <input type="hidden" name="institute_name_english" value={user.institute_name_english ?? ''} />
        </>
      )}

      <FormSection legend={t('registrations.sections.student')}>
        <RadioGroupField name="class" label={label('class')} options={classOptions(t)} />
        <RadioGroupField name="gender" label={label('gender')} options={genderOptions(t)} />
        <TextField name="class_roll" label={label('class_roll')} inputMode="numeric" description={t('registrations.hints.classRoll')} />
        <SelectField name="department" label={label('department')} data={departmentOptions(t)} />
        <TextField name="name_bangla" label={label('name_bangla')} />
        <UpperTextField name="name_english" label={label('name_english')} description={upperHint} />
        <UploadField
          name="photo"
          label={label('photo')}
          width={PHOTO_SIZE.width}
          height={PHOTO_SIZE.height}
          folder="students"
          description={t('registrations.hints.photo', { width: formatNumber(PHOTO_SIZE.width, lang), height: formatNumber(PHOTO_SIZE.height, lang) })}
        />
        <TextField
          name="birth_certificate_no"
          label={label('birth_certificate_no')}
          inputMode="numeric"
          description={t('registrations.hints.birthCertificate')}
        />
      </FormSection>

      <FormSection legend={t('registrations.sections.parents')}>
        <UpperTextField name="father_name_english" label={label('father_name_english')} description={upperHint} />
        <UpperTextField name="mother_name_english" label={label('mother_name_english')} description={upperHint} />
        <TextField name="father_name_bangla" label={label('father_name_bangla')} />
        <TextField name="mother_name" label={label('mother_name')} />
      </FormSection>

      <Fieldset legend={t('registrations.sections.address')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <AddressPicker />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <TextField name="village" label={label('village')} />
          {isAdmin && (
            <>
              <TextField name="holding_no" label={label('holding_no')} />
              <TextField name="ward" label={label('ward')} />
              <TextField name="sector" label={label('sector')} />
              <TextField name="thana" label={label('thana')} />
            </>
          )}
          <TextField name="post_office" label={label('post_office')} />
          <TextField name="contact_number" label={label('contact_number')} autoComplete="tel" {...mobile} />
          <TextField name="email" label={label('email')} type="email" autoComplete="email" lang="en" />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('registrations.sections.declaration')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <CheckboxField name="declaration" label={t('registrations.declaration')} errorText={t('registrations.declarationRequired')} />
      </Fieldset>
    </>
  );
}
