/**
 * Institutes told when admit cards and results are published (docs/integrators/notices.md): one SMS and
 * one mail per institute with students in the exam, queued in the publishing transaction. Every
 * publication is a new event: one that follows a withdrawal carries changed cards or a corrected
 * result, which the institutes must look at again; the same publication queued twice stores nothing.
 */
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { settingValue } from '../settings/index.js';
import { admitCardsPublishedText, type NoticeText, resultsPublishedText } from './notice-texts.js';
import { noticesFor, queueNotice } from './outbox.js';
import { latestEventKey } from './outbox.repository.js';
import { GUARDIAN_RESULTS, guardianTopic } from './bulk-sends.repository.js';

type Institute = { id: number; name: string | null; phone_number: string | null; email: string | null; students: number | string };

const ADMIT_CARDS = 'admit-cards';

/** An institute as the notices need it (`u`), with its rows counted as its students. */
const instituteWithStudents = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) => [
  eb.ref('u.id').as('id'),
  eb.ref('u.phone_number').as('phone_number'),
  eb.ref('u.email').as('email'),
  sql<string | null>`coalesce(u.institute_name, u.name)`.as('name'),
  eb.fn.countAll<number>().as('students'),
];

/** Each institute's SMS and mail, keyed by `key` under `topic`, with its number of students. */
async function tellInstitutes(
  trx: Transaction<Database>,
  institutes: readonly Institute[],
  topic: string,
  key: string,
  compose: (facts: { instituteName: string | null; students: number }) => NoticeText,
): Promise<void> {
  await queueNotice(
    trx,
    institutes.flatMap((institute) =>
      noticesFor(institute, { key: `${key}:${institute.id}`, topic }, (instituteName) => compose({ instituteName, students: Number(institute.students) })),
    ),
  );
}

/** Call inside the transaction that publishes the admit cards: the institutes of the seated students are told. */
export async function noticeAdmitCardsPublished(trx: Transaction<Database>): Promise<void> {
  // `admit-cards:<n>:<account>`: n counts the publications, so a withdrawal and a publication again notify again.
  const latest = (await latestEventKey(trx, ADMIT_CARDS))?.split(':');
  const n = latest ? Number(latest[1]) + 1 : 1;
  const institutes: Institute[] = await trx
    .selectFrom('exam_seats as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .innerJoin('users as u', 'u.id', 'r.institute_id')
    .select(instituteWithStudents)
    .groupBy('u.id')
    .execute();
  await tellInstitutes(trx, institutes, ADMIT_CARDS, `${ADMIT_CARDS}:${n}`, admitCardsPublishedText);
}

/**
 * Call inside the transaction that makes `version` the published result (the publication job's last
 * write): the institutes of its students are told, and when the season's setting says so the
 * guardians' send is recorded, to be queued by its own job once this commits (startBulkSends).
 */
export async function noticeResultsPublished(trx: Transaction<Database>, { version, jobId }: { version: number; jobId: number }): Promise<void> {
  const topic = `results:${version}`;
  const institutes: Institute[] = await trx
    .selectFrom('results as x')
    .innerJoin('users as u', 'u.id', 'x.institute_id')
    .select(instituteWithStudents)
    .groupBy('u.id')
    .execute();
  await tellInstitutes(trx, institutes, topic, topic, resultsPublishedText);
  if ((await settingValue(trx, 'guardian_result_sms')) !== '1') return;
  const publisher = await trx.selectFrom('jobs').select('user_id').where('id', '=', jobId).executeTakeFirstOrThrow();
  const students = await trx
    .selectFrom('result_snapshot')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  const at = now();
  await trx
    .insertInto('notice_sends')
    .values({
      topic: guardianTopic(version),
      kind: GUARDIAN_RESULTS,
      version,
      total: Number(students.n),
      user_id: publisher.user_id,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('topic').doNothing())
    .execute();
}
