/**
 * Exam centres (architecture §9), admin only, on the shared machinery: list, create, edit, details,
 * export. A centre's rooms (or one capacity, as one room) and the areas it serves are kept as JSON on
 * its row: the allocation reads every centre at once, and nothing else queries inside them. A room
 * that holds seats cannot disappear or shrink below the seats of any one sitting, and a centre with
 * seats cannot be deactivated or deleted until its students are moved (POST /api/v1/exam/move-seats).
 * A centre is not changed while the seat allocation runs (409): the allocation reads the centres once.
 */
import type { Transaction } from 'kysely';
import { withRow } from '../../../common/resources.js';
import { CentreBody, CentreRow } from '../../../common/schemas/exam.js';
import { districtById, divisionById, upazilaById } from '../../../common/geo/index.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { refuseWhileJobs } from '../../lib/jobs/jobs.js';
import { columnsOf, defineResource, type Caller } from '../../lib/resource/definition.js';
import { now } from '../../lib/time.js';
import type { Database } from '../../db/types.js';
import { parseIds, parseRooms } from './centre-columns.js';
import { sittingKeys, sittingOf } from './sittings.js';

type Room = { name: string; capacity: number };

/** The rooms as stored: the listed rooms, or one room of the centre's single capacity. */
function roomsOf(body: CentreBody): Room[] {
  return body.rooms.length > 0 ? body.rooms : [{ name: '1', capacity: body.capacity! }];
}

function stored(body: CentreBody) {
  const rooms = roomsOf(body);
  return {
    name_bn: body.name_bn,
    name_en: body.name_en,
    division_id: body.division_id,
    zilla_id: body.zilla_id,
    upozilla_id: body.upozilla_id,
    address: body.address,
    contact_name: body.contact_name,
    contact_mobile: body.contact_mobile,
    rooms: JSON.stringify(rooms),
    capacity: rooms.reduce((sum, room) => sum + room.capacity, 0),
    upazila_ids: JSON.stringify(body.upazila_ids),
    institute_ids: JSON.stringify(body.institute_ids),
  };
}

/** Institutes a centre names must be institute accounts. */
async function checkInstitutes(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await trx
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where('user_roles.slug', '=', 'institute')
    .execute();
  if (found.length !== ids.length) throw new ValidationError({ institute_ids: ['invalid_choice'] });
}

/** Each room that holds seats keeps at least as many as any one sitting holds in it, and its highest seat number. */
async function checkSeatedRooms(trx: Transaction<Database>, id: number, rooms: readonly Room[]): Promise<void> {
  const held = await trx
    .selectFrom('exam_seats')
    .select(['room_index', 'class', (eb) => eb.fn.countAll<number>().as('seated'), (eb) => eb.fn.max('seat').as('last')])
    .where('centre_id', '=', id)
    .groupBy(['room_index', 'class'])
    .execute();
  const sittings = await sittingKeys(trx);
  const needed = new Map<string, { room_index: number; seated: number; last: number }>();
  for (const row of held) {
    const key = `${row.room_index}:${sittingOf(sittings, row.class)}`;
    const sum = needed.get(key) ?? { room_index: row.room_index, seated: 0, last: 0 };
    needed.set(key, { room_index: row.room_index, seated: sum.seated + Number(row.seated), last: Math.max(sum.last, Number(row.last)) });
  }
  for (const { room_index, seated, last } of needed.values()) {
    const room = rooms[room_index];
    if (!room || room.capacity < Math.max(seated, last))
      throw new ValidationError({ [`rooms.${Math.min(room_index, rooms.length)}.capacity`]: ['room_has_seats'] }, { seated: Math.max(seated, last) });
  }
}

/** The allocation's job kind: a centre write waits for its lock and is refused while it runs. */
const ALLOCATION = 'allocation';

const audit = (ctx: Caller & { trx: Transaction<Database> }, action: 'centre.create' | 'centre.update', id: number, before: object | null, after: object) =>
  recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action,
    entity: 'exam-centres',
    entityId: id,
    before: before as Record<string, unknown>,
    after: after as Record<string, unknown>,
  });

/** The JSON columns of a centre's row, each read through its schema. */
const LISTS = { rooms: parseRooms, upazila_ids: parseIds, institute_ids: parseIds } as const;

export const centreResource = defineResource<CentreBody>({
  ...withRow('centres', CentreRow),
  table: 'exam_centres',
  columns: columnsOf('exam_centres', [
    'id',
    'name_bn',
    'name_en',
    'division_id',
    'zilla_id',
    'upozilla_id',
    'address',
    'contact_name',
    'contact_mobile',
    'rooms',
    'capacity',
    'seated',
    'upazila_ids',
    'institute_ids',
    'creator',
    'status',
    'created_at',
    'updated_at',
  ]),
  searchable: ['name_bn', 'name_en', 'contact_mobile'],
  sortable: ['id', 'name_en', 'capacity', 'seated', 'created_at'],
  filterable: ['id', 'upozilla_id', 'zilla_id', 'division_id', 'status'],
  storeSchema: CentreBody,
  updateSchema: CentreBody,
  exportColumns: ['id', 'name_bn', 'name_en', 'address', 'upozilla_id', 'contact_name', 'contact_mobile', 'capacity', 'seated', 'status', 'created_at'],
  async create(ctx, body) {
    return ctx.db.transaction().execute(async (trx) => {
      await checkInstitutes(trx, body.institute_ids);
      const at = now();
      const row = await trx
        .insertInto('exam_centres')
        .values({ ...stored(body), creator: ctx.user.id, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit({ ...ctx, trx }, 'centre.create', row.id, null, { ...body, rooms: roomsOf(body) });
      return row.id;
    });
  },
  async update(ctx, id, body) {
    await refuseWhileJobs(ctx.trx, [ALLOCATION]);
    await checkInstitutes(ctx.trx, body.institute_ids);
    const rooms = roomsOf(body);
    await checkSeatedRooms(ctx.trx, id, rooms);
    const before = await ctx.trx.selectFrom('exam_centres').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const after = stored(body);
    await ctx.trx
      .updateTable('exam_centres')
      .set({ ...after, updated_at: now() })
      .where('id', '=', id)
      .execute();
    const changed = Object.keys(after).filter((key) => String(before[key as keyof typeof before]) !== String(after[key as keyof typeof after]));
    if (changed.length > 0)
      await audit(
        ctx,
        'centre.update',
        id,
        Object.fromEntries(changed.map((key) => [key, before[key as keyof typeof before]])),
        Object.fromEntries(changed.map((key) => [key, after[key as keyof typeof after]])),
      );
  },
  async setStatus(ctx, id, status) {
    await refuseWhileJobs(ctx.trx, [ALLOCATION]);
    await ctx.trx.updateTable('exam_centres').set({ status, updated_at: now() }).where('id', '=', id).execute();
  },
  async destroy(ctx, id) {
    await refuseWhileJobs(ctx.trx, [ALLOCATION]);
    await ctx.trx.deleteFrom('exam_centres').where('id', '=', id).execute();
  },
  guardWrite(_caller, row, action) {
    if ((action === 'soft-delete' || action === 'destroy') && Number(row.seated) > 0) throw new HttpError(409, 'centre_has_seats');
  },
  guardColumns: ['seated'],
  present(row) {
    const shaped: Record<string, unknown> = { ...row };
    for (const [key, parse] of Object.entries(LISTS)) if (typeof row[key] === 'string') shaped[key] = parse(row[key]);
    return shaped;
  },
});

/** A centre's address as printed: the street address, then upazila, district, division in Bengali. */
export function centreAddress(centre: { address: string; upozilla_id: number | null; zilla_id: number | null; division_id: number | null }): string {
  const places = [
    centre.upozilla_id ? upazilaById.get(centre.upozilla_id)?.name_bn : undefined,
    centre.zilla_id ? districtById.get(centre.zilla_id)?.name_bn : undefined,
    centre.division_id ? divisionById.get(centre.division_id)?.name_bn : undefined,
  ];
  return [centre.address, ...places].filter(Boolean).join(', ');
}
