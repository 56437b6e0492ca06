/**
 * Student registrations (spec §2, §3, §5) as a resource: columns, lists, search and export; the rules
 * (numbers, names, counters) are in registrations.service.ts.
 */
import { REGISTRATION_PAGE_SIZE } from '../../../common/constants.js';
import { withRow } from '../../../common/resources.js';
import { RegistrationBody, RegistrationRow } from '../../../common/schemas/registrations.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';
import { activeRegistrations } from './analytics.js';
import { registrationSearch, SEARCH_COLUMNS } from './registrations.search.js';
import {
  changeRegistration,
  createRegistration,
  destroyRegistration,
  guardRegistration,
  INFO_FIELDS,
  REGISTRATION_COLUMNS,
  setRegistrationStatus,
} from './registrations.service.js';

export const registrationResource = defineResource({
  ...withRow('registrations', RegistrationRow),
  exportAliases: ['Registration'],
  table: 'scholarship_registrations',
  columns: columnsOf('scholarship_registrations', REGISTRATION_COLUMNS),
  searchable: [...SEARCH_COLUMNS],
  searchIndex: registrationSearch,
  countedTotal: activeRegistrations,
  sortable: ['id', 'institute_id', 'contact_number', 'full_name', 'reg_no', 'roll_no', 'class', 'created_at'],
  filterable: [
    'id',
    'institute_id',
    'class',
    'gender',
    'department',
    'reg_no',
    'roll_no',
    'contact_number',
    'division_id',
    'zilla_id',
    'upozilla_id',
    'fee_status',
    'payment_id',
    'created_at',
  ],
  relations: { institute: { table: 'users', foreignKey: 'institute_id', columns: ['name', 'institute_name_english', 'phone_number'] } },
  storeSchema: RegistrationBody,
  updateSchema: RegistrationBody,
  owner: 'institute_id',
  versions: (user) => [user.role === 'institute' ? `institute:${user.id}` : 'season'],
  defaultPageSize: REGISTRATION_PAGE_SIZE,
  exportColumns: [
    'id',
    'reg_no',
    'roll_no',
    'institute_id',
    'institute_name',
    'full_name',
    'name_bangla',
    'father_name_english',
    'mother_name_english',
    'class',
    'class_roll',
    'gender',
    'department',
    'contact_number',
    'division',
    'zilla',
    'upozilla',
    'post_office',
    'fee',
    'fee_status',
    'status',
    'created_at',
  ],

  create: createRegistration,
  update: changeRegistration,
  setStatus: setRegistrationStatus,
  destroy: destroyRegistration,
  guardColumns: ['fee_status'],
  guardWrite: guardRegistration,

  /**
   * The spec's `info` object beside the flat columns, on a row answered alone; a list's rows have the
   * flat columns only, so each fact is sent once (7 of a listed row's 16 fields were sent twice).
   */
  present(row, listed) {
    if (listed) return row;
    const info: Record<string, unknown> = {};
    for (const field of INFO_FIELDS) if (field in row) info[field] = row[field];
    return { ...row, info };
  },
});
