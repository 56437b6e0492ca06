/**
 * An exam centre as the form holds it: text in every input, the rooms as rows (none when the centre
 * is counted as one total, which the server keeps as one room named '1'), the areas as lists of ids.
 */
import type { Lang } from '../../../common/messages';
import type { ListRowOf } from '../../../common/resources';
import { localizeDigits } from '../../i18n/format';

export type RoomMode = 'rooms' | 'one';
export type RoomValues = { name: string; capacity: string };

export const emptyRoom = (): RoomValues => ({ name: '', capacity: '' });

type Centre = Pick<ListRowOf<'centres'>, 'rooms'> & Partial<ListRowOf<'centres'>>;

/** A centre saved with one total instead of rooms. */
export const isOneRoom = (row: Pick<Centre, 'rooms'>) => row.rooms.length === 1 && row.rooms[0]!.name === '1';

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The stored centre as the form's text; seats in the interface's digits (the schema reads either). */
export function centreFormValues(row: Centre | undefined, lang: Lang) {
  const seats = (value: number) => localizeDigits(String(value), lang);
  const one = row !== undefined && isOneRoom(row);
  return {
    name_bn: text(row?.name_bn),
    name_en: text(row?.name_en),
    division_id: text(row?.division_id),
    zilla_id: text(row?.zilla_id),
    upozilla_id: text(row?.upozilla_id),
    address: text(row?.address),
    contact_name: text(row?.contact_name),
    contact_mobile: text(row?.contact_mobile),
    rooms: !row ? [emptyRoom()] : one ? [] : row.rooms.map((room) => ({ name: room.name, capacity: seats(room.capacity) })),
    capacity: one ? seats(row.capacity ?? 0) : '',
    upazila_ids: (row?.upazila_ids ?? []).map(String),
    institute_ids: (row?.institute_ids ?? []).map(String),
  };
}
