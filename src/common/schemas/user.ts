/** A user as the API returns it. Kept apart from the form schemas so screens that only show a user do not load the geo data. */
import { z } from 'zod';
import { ROLES } from '../constants.js';

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** Never a password or token hash. */
export const PublicUser = z.object({
  id: z.number(),
  uid: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  email: nullable(z.string()),
  photo: nullable(z.string()),
  phone_number: nullable(z.string()),
  /** When the number was confirmed by a code sent to it; null until then, and again once it changes. */
  phone_confirmed_at: nullable(z.string()),
  website: nullable(z.string()),
  facebook: nullable(z.string()),
  slug: z.string(),
  status: z.number(),
  institute_type: nullable(z.string()),
  institute_level: nullable(z.string()),
  institute_name: nullable(z.string()),
  institute_name_english: nullable(z.string()),
  institute_total_student: nullable(z.number()),
  institute_management_type: nullable(z.string()),
  contact_person: nullable(z.string()),
  contact_person_name_english: nullable(z.string()),
  whatsapp_number: nullable(z.string()),
  permanent_phone_number: nullable(z.string()),
  file: nullable(z.string()),
  division_id: nullable(z.number()),
  zilla_id: nullable(z.number()),
  upozilla_id: nullable(z.number()),
  division: nullable(z.string()),
  zilla: nullable(z.string()),
  upozilla: nullable(z.string()),
  thana: nullable(z.string()),
  sector: nullable(z.string()),
  union: nullable(z.string()),
  holding_no: nullable(z.string()),
  post_office: nullable(z.string()),
  must_change_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** An account as an admin's user list shows it: the public user, with its flags as stored. */
export const UserResourceRow = PublicUser.extend({ must_change_password: z.number() });
