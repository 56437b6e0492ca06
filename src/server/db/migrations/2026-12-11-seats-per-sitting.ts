/**
 * Seats per sitting (architecture §10): a room serves each sitting (date and time) in turn, so the same
 * seat of a room is held once per sitting, by students of different classes. The place's key gains the
 * class; that two classes of one sitting never share a seat is kept by the allocation and the checks on
 * the exam's sittings. SQLite cannot change a primary key: the table is rebuilt, its rows in place order.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table exam_seats drop constraint exam_seats_place`.execute(db);
    await sql`alter table exam_seats add constraint exam_seats_place primary key (centre_id, room_index, seat, class)`.execute(db);
    return;
  }
  await sql`create table exam_seats_new (
    centre_id integer not null,
    room_index integer not null,
    seat integer not null,
    registration_id integer not null unique,
    class text not null,
    token text not null,
    created_at text not null,
    constraint exam_seats_place primary key (centre_id, room_index, seat, class)
  ) without rowid`.execute(db);
  await sql`insert into exam_seats_new select centre_id, room_index, seat, registration_id, class, token, created_at from exam_seats order by centre_id, room_index, seat`.execute(
    db,
  );
  await sql`drop table exam_seats`.execute(db);
  await sql`alter table exam_seats_new rename to exam_seats`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table exam_seats drop constraint exam_seats_place`.execute(db);
    await sql`alter table exam_seats add constraint exam_seats_place primary key (centre_id, room_index, seat)`.execute(db);
    return;
  }
  await sql`create table exam_seats_old (
    centre_id integer not null,
    room_index integer not null,
    seat integer not null,
    registration_id integer not null unique,
    class text not null,
    token text not null,
    created_at text not null,
    constraint exam_seats_place primary key (centre_id, room_index, seat)
  ) without rowid`.execute(db);
  await sql`insert into exam_seats_old select centre_id, room_index, seat, registration_id, class, token, created_at from exam_seats`.execute(db);
  await sql`drop table exam_seats`.execute(db);
  await sql`alter table exam_seats_old rename to exam_seats`.execute(db);
}
