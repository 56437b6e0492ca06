import { describe, expect, it } from 'vitest';
import { CentreBody } from '../../../common/schemas/exam';
import { centreFormValues, isOneRoom } from './centreValues';

const stored = {
  id: 4,
  name_bn: 'সাভার কেন্দ্র',
  name_en: 'Savar Centre',
  division_id: 6,
  zilla_id: 47,
  upozilla_id: 365,
  address: 'থানা রোড',
  contact_name: 'রফিক',
  contact_mobile: '01812345678',
  rooms: [
    { name: '101', capacity: 40 },
    { name: '102', capacity: 35 },
  ],
  capacity: 75,
  seated: 0,
  upazila_ids: [365, 366],
  institute_ids: [12],
};

describe('a centre in the form', () => {
  it('starts a new centre with one empty room and serves nobody yet', () => {
    const values = centreFormValues(undefined, 'bn');
    expect(values.rooms).toEqual([{ name: '', capacity: '' }]);
    expect(values.upazila_ids).toEqual([]);
  });

  it('holds a stored centre’s rooms in the interface’s digits and goes back to the same body', () => {
    const values = centreFormValues(stored, 'bn');
    expect(values.rooms).toEqual([
      { name: '101', capacity: '৪০' },
      { name: '102', capacity: '৩৫' },
    ]);
    expect(values.capacity).toBe('');
    const body = CentreBody.parse(values);
    expect(body.rooms).toEqual(stored.rooms);
    expect(body.upazila_ids).toEqual([365, 366]);
    expect(body.institute_ids).toEqual([12]);
  });

  it('shows a centre saved with one total as that total, not as a room named 1', () => {
    const one = { ...stored, rooms: [{ name: '1', capacity: 300 }], capacity: 300 };
    expect(isOneRoom(one)).toBe(true);
    const values = centreFormValues(one, 'en');
    expect(values.rooms).toEqual([]);
    expect(values.capacity).toBe('300');
    expect(CentreBody.parse(values).capacity).toBe(300);
  });
});
