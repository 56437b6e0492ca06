/**
 * The exam centre form: names, the address as the registration form picks it
 * (division → district → upazila), the contact, the rooms and who sits there.
 */
import { Fieldset, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressPicker } from '../../auth/AddressPicker';
import { TextField } from '../../components/forms/fields';
import { FormSection } from '../../institute/InstituteFormSections';
import type { FormMode } from '../../resources/types';
import type { CentreRow } from './centres';
import { isOneRoom, type RoomMode } from './centreValues';
import { RoomsEditor } from './RoomsEditor';
import { ServedAreas } from './ServedAreas';

export function CentreFormBody({ row }: { mode: FormMode; row?: CentreRow }) {
  const { t } = useTranslation();
  const [roomMode, setRoomMode] = useState<RoomMode>(row && isOneRoom(row) ? 'one' : 'rooms');
  const label = (name: 'name_bn' | 'name_en' | 'address' | 'contact_name' | 'contact_mobile') => t(`centres.fields.${name}`);

  return (
    <>
      <FormSection legend={t('centres.sections.names')}>
        <TextField name="name_bn" label={label('name_bn')} />
        <TextField name="name_en" label={label('name_en')} lang="en" />
      </FormSection>
      <Fieldset legend={t('centres.sections.address')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <AddressPicker />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <TextField name="address" label={label('address')} />
        </SimpleGrid>
      </Fieldset>
      <FormSection legend={t('centres.sections.contact')}>
        <TextField name="contact_name" label={label('contact_name')} autoComplete="off" />
        <TextField name="contact_mobile" label={label('contact_mobile')} type="tel" inputMode="tel" placeholder={t('register.placeholders.mobile')} />
      </FormSection>
      <Fieldset legend={t('centres.sections.rooms')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <RoomsEditor mode={roomMode} onModeChange={setRoomMode} />
      </Fieldset>
      <Fieldset legend={t('centres.sections.serves')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <ServedAreas />
      </Fieldset>
    </>
  );
}
