/**
 * A centre's rooms: rows of name and seats, added and removed in place, or one total
 * for a centre counted as one room. Switching clears the other way's values, so the form checks and
 * sends only what is shown.
 */
import { ActionIcon, Button, Grid, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useContext, useMemo } from 'react';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toAsciiDigits } from '../../../common/validation';
import { TextField } from '../../components/forms/fields';
import { RequiredFieldsContext } from '../../components/forms/formContext';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { emptyRoom, type RoomMode, type RoomValues } from './centreValues';

/** The seats the rows add up to, as far as they are numbers. */
function totalOf(rooms: readonly RoomValues[] | undefined): number {
  return (rooms ?? []).reduce((sum, room) => {
    const seats = Number(toAsciiDigits(room.capacity.trim()));
    return Number.isInteger(seats) && seats > 0 ? sum + seats : sum;
  }, 0);
}

export function RoomsEditor({ mode, onModeChange }: { mode: RoomMode; onModeChange: (mode: RoomMode) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { setValue, clearErrors } = useFormContext();
  const { fields, append, remove } = useFieldArray({ name: 'rooms', keyName: 'key' });
  const rooms = useWatch({ name: 'rooms' }) as RoomValues[] | undefined;
  const { errors } = useFormState({ name: 'rooms' });
  const listError = (get(errors, 'rooms.message') ?? get(errors, 'rooms.root.message')) as string | undefined;
  const outer = useContext(RequiredFieldsContext);
  const required = useMemo(() => new Set([...outer, 'capacity', ...fields.flatMap((_room, i) => [`rooms.${i}.name`, `rooms.${i}.capacity`])]), [outer, fields]);

  const switchTo = (next: RoomMode) => {
    if (next === mode) return;
    if (next === 'one') setValue('rooms', []);
    else {
      setValue('capacity', '');
      setValue('rooms', [emptyRoom()]);
    }
    clearErrors(['rooms', 'capacity']);
    onModeChange(next);
  };

  return (
    <RequiredFieldsContext value={required}>
      <Stack gap="sm" data-field="rooms">
        <Input.Wrapper label={t('centres.roomMode.label')}>
          <div>
            <SegmentedControl
              value={mode}
              onChange={(value) => switchTo(value as RoomMode)}
              data={[
                { value: 'rooms', label: t('centres.roomMode.rooms') },
                { value: 'one', label: t('centres.roomMode.one') },
              ]}
              data-testid="room-mode"
            />
          </div>
        </Input.Wrapper>
        {mode === 'one' ? (
          <TextField name="capacity" label={t('centres.fields.capacity')} description={t('centres.hints.capacity')} inputMode="numeric" maw={260} />
        ) : (
          <>
            {fields.map((room, index) => (
              <Grid key={room.key} gap="xs" align="flex-end" data-testid="room-row">
                <Grid.Col span={6}>
                  <TextField name={`rooms.${index}.name`} label={t('centres.fields.room_name')} />
                </Grid.Col>
                <Grid.Col span={4}>
                  <TextField name={`rooms.${index}.capacity`} label={t('centres.fields.room_capacity')} inputMode="numeric" />
                </Grid.Col>
                <Grid.Col span={2}>
                  <Group justify="flex-end" mih={36}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => remove(index)}
                      aria-label={t('centres.removeRoom', { number: localizeDigits(String(index + 1), lang) })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Grid.Col>
              </Grid>
            ))}
            <Group justify="space-between">
              <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => append(emptyRoom())} data-testid="add-room">
                {t('centres.addRoom')}
              </Button>
              <Text size="sm" fw={600} data-testid="rooms-total">
                {t('centres.roomsTotal', { number: formatNumber(totalOf(rooms), lang) })}
              </Text>
            </Group>
          </>
        )}
        {listError && (
          <Text size="sm" c="red.8" role="alert">
            {listError}
          </Text>
        )}
      </Stack>
    </RequiredFieldsContext>
  );
}
