/**
 * Settings (spec §2, §7; admin only): the groups with their sub groups, one sub group's values, and
 * an update of values of one sub group in one transaction. Updates take `fields[{id}][value]` from
 * urlencoded or multipart forms, or `{fields: {"12": {value: "…"}}}` as JSON.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MessageKey, translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { UPLOAD_IMAGE_TYPES } from '../../../common/schemas/media.js';
import { checkSettingValue, SettingGroupsEnvelope, type SettingType, SettingsUpdateBody, SettingValuesEnvelope } from '../../../common/schemas/settings.js';
import { requiredId } from '../../../common/validation.js';
import { requireRole } from '../../lib/authenticate.js';
import { notFound, ValidationError } from '../../lib/errors.js';
import { answeredUnchanged, versionsOf } from '../../lib/conditional.js';
import { requestLang } from '../../lib/language.js';
import { now } from '../../lib/time.js';
import { clientOf, recordAudit } from '../../lib/audit.js';
import { settingGroups, subGroupValues } from './settings.queries.js';

const schema = { tags: ['settings'], security: [{ bearer: [] }] };
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ValidationErrorEnvelope };

const FIELD_KEY = /^fields\[(\d+)\]\[value\]$/;

/** The submitted values by id: the `fields[12][value]` keys of a form body and the entries of a JSON `fields` object. */
function submittedValues(body: SettingsUpdateBody): Map<number, unknown> {
  const values = new Map<number, unknown>();
  for (const [name, value] of Object.entries(body)) {
    const match = FIELD_KEY.exec(name);
    if (match) values.set(Number(match[1]), value);
  }
  for (const [id, entry] of Object.entries(body.fields ?? {})) values.set(Number(id), entry.value);
  return values;
}

const ValuesParams = z.object({ group: requiredId(), sub: requiredId() });

/** The most values one settings update may carry (the message `too_many_settings` names it). */
const MAX_SETTINGS_PER_UPDATE = 200;

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const adminOnly = requireRole('admin');

  // Conditional on the values' counter (lib/conditional.ts): the groups themselves change only with the code.
  api.get('/fields', { schema: { ...schema, response: { 200: SettingGroupsEnvelope, ...errors } }, onRequest: adminOnly }, async (request, reply) => {
    if (answeredUnchanged(request, reply, await versionsOf(db, ['settings']))) return reply;
    return { message: translate(requestLang(request), 'ok'), data: await settingGroups(db) };
  });

  api.get(
    '/:group/:sub/values',
    { schema: { ...schema, params: ValuesParams, response: { 200: SettingValuesEnvelope, ...errors } }, onRequest: adminOnly },
    async (request, reply) => {
      if (answeredUnchanged(request, reply, await versionsOf(db, ['settings']))) return reply;
      const values = await subGroupValues(db, request.params.sub, request.params.group);
      if (!values) throw notFound();
      return { message: translate(requestLang(request), 'ok'), data: values };
    },
  );

  api.post(
    '/update',
    { schema: { ...schema, body: SettingsUpdateBody, response: { 200: SettingValuesEnvelope, ...errors } }, onRequest: adminOnly },
    async (request) => {
      const subGroup = await db.selectFrom('setting_sub_groups').select(['id', 'setting_group_id']).where('id', '=', request.body.id).executeTakeFirst();
      if (!subGroup) throw new ValidationError({ id: ['invalid_choice'] });
      const submitted = submittedValues(request.body);
      if (submitted.size === 0) throw new ValidationError({ fields: ['required'] });
      // Far more than any sub group holds; a bigger list would only be a query too big for the database.
      if (submitted.size > MAX_SETTINGS_PER_UPDATE) throw new ValidationError({ fields: ['too_many_settings'] });

      const settings = await db
        .selectFrom('setting_values')
        .select(['id', 'key', 'type', 'setting_sub_group_id'])
        .where('id', 'in', [...submitted.keys()])
        .execute();
      const byId = new Map(settings.map((s) => [s.id, s]));
      const fields: Record<string, MessageKey[]> = Object.create(null);
      const changes: { id: number; value: string | null }[] = [];
      for (const [id, input] of submitted) {
        const setting = byId.get(id);
        if (!setting || setting.setting_sub_group_id !== subGroup.id) {
          fields[`fields.${id}.value`] = ['setting_not_in_group'];
          continue;
        }
        const checked = checkSettingValue(setting, input);
        if ('error' in checked) fields[`fields.${id}.value`] = [checked.error];
        else changes.push({ id, value: checked.value });
      }
      await refuseUnknownImages(changes, byId, fields);
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);

      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('setting_values')
          .select(['id', 'key', 'value'])
          .where(
            'id',
            'in',
            changes.map((c) => c.id),
          )
          .execute();
        for (const { id, value } of changes) await trx.updateTable('setting_values').set({ value, updated_at: at }).where('id', '=', id).execute();
        const changed = before.filter((row) => row.value !== changes.find((c) => c.id === row.id)!.value);
        if (changed.length === 0) return;
        await recordAudit(trx, {
          actor: request.user,
          client: clientOf(request),
          action: 'settings.update',
          entity: 'settings',
          entityId: subGroup.id,
          before: Object.fromEntries(changed.map((row) => [row.key, row.value])),
          after: Object.fromEntries(changed.map((row) => [row.key, changes.find((c) => c.id === row.id)!.value])),
        });
      });
      return { message: translate(requestLang(request), 'updated'), data: (await subGroupValues(db, subGroup.id, subGroup.setting_group_id))! };
    },
  );

  /** A file setting's value must be an image uploaded here, not just a well-formed path. */
  async function refuseUnknownImages(
    changes: { id: number; value: string | null }[],
    byId: Map<number, { type: SettingType }>,
    fields: Record<string, MessageKey[]>,
  ): Promise<void> {
    const files = changes.filter((c) => byId.get(c.id)?.type === 'file' && c.value !== null);
    if (files.length === 0) return;
    const media = await db
      .selectFrom('media')
      .select(['path', 'mime'])
      .where(
        'path',
        'in',
        files.map((c) => c.value as string),
      )
      .execute();
    const mimeOf = new Map(media.map((m) => [m.path, m.mime]));
    for (const change of files) {
      const mime = mimeOf.get(change.value as string);
      if (mime === undefined) fields[`fields.${change.id}.value`] = ['unknown_upload'];
      else if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime)) fields[`fields.${change.id}.value`] = ['image_only'];
    }
  }
}
