/**
 * The whole data model of spec §3. Frozen in time: later changes are new migrations.
 * Timestamps are ISO-8601 text and flags are 0/1 integers on both dialects, so rows read the same
 * from SQLite and PostgreSQL.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type Table = CreateTableBuilder<string, never>;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const text = 'text' as const;
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (t: Table) => (pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()));
  /** Columns every back-office record shares: who made it, a slug, active flag, timestamps. */
  const record = (t: Table) =>
    t
      .addColumn('creator', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('slug', text, notNull)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', text, notNull)
      .addColumn('updated_at', text, notNull);

  /** Address ids of the geo tree, their names as stored at the time, and the free-text parts. */
  const address = (t: Table) =>
    t
      .addColumn('division_id', 'integer')
      .addColumn('zilla_id', 'integer')
      .addColumn('upozilla_id', 'integer')
      .addColumn('division', text)
      .addColumn('zilla', text)
      .addColumn('upozilla', text)
      .addColumn('thana', text)
      .addColumn('sector', text);

  await id(db.schema.createTable('user_roles'))
    .addColumn('title', text, notNull)
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text, notNull)
    .addColumn('updated_at', text, notNull)
    .execute();

  await id(db.schema.createTable('users'))
    .addColumn('uid', text, (c) => c.notNull().unique())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('user_roles.id'))
    .addColumn('name', text, notNull)
    .addColumn('email', text, (c) => c.unique())
    .addColumn('phone_number', text, (c) => c.unique())
    .addColumn('photo', text)
    .addColumn('website', text)
    .addColumn('facebook', text)
    .addColumn('slug', text, notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('institute_type', text)
    .addColumn('institute_level', text)
    .addColumn('institute_name', text)
    .addColumn('institute_name_english', text)
    .addColumn('institute_total_student', 'integer')
    .addColumn('institute_management_type', text)
    .addColumn('contact_person', text)
    .addColumn('contact_person_name_english', text)
    .addColumn('whatsapp_number', text)
    .addColumn('permanent_phone_number', text)
    .addColumn('file', text)
    .$call(address)
    .addColumn('union', text)
    .addColumn('holding_no', text)
    .addColumn('post_office', text)
    .addColumn('password_hash', text, notNull)
    .addColumn('temp_password_hash', text)
    .addColumn('temp_password_expires_at', text)
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, notNull)
    .addColumn('updated_at', text, notNull)
    .execute();
  await db.schema.createIndex('users_role_status_id').on('users').columns(['role_id', 'status', 'id']).execute();
  await db.schema.createIndex('users_upozilla').on('users').column('upozilla_id').execute();

  await id(db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('created_at', text, notNull)
    .addColumn('expires_at', text, notNull)
    .execute();
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();
  await db.schema.createIndex('access_tokens_expires').on('access_tokens').column('expires_at').execute();

  await id(db.schema.createTable('scholarship_registrations'))
    .addColumn('institute_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reg_no', text, (c) => c.notNull().unique())
    .addColumn('roll_no', text, (c) => c.notNull().unique())
    .addColumn('full_name', text, notNull)
    .addColumn('name_bangla', text)
    .addColumn('name_english', text, notNull)
    .addColumn('father_name_bangla', text)
    .addColumn('father_name_english', text, notNull)
    .addColumn('mother_name', text)
    .addColumn('mother_name_english', text, notNull)
    .addColumn('gender', text, notNull)
    .addColumn('class', text, notNull)
    .addColumn('class_roll', text, notNull)
    .addColumn('department', text)
    .addColumn('email', text)
    .addColumn('birth_certificate_no', text)
    .$call(address)
    .addColumn('ward', text)
    .addColumn('village', text)
    .addColumn('holding_no', text)
    .addColumn('post_office', text, notNull)
    .addColumn('contact_number', text, notNull)
    .addColumn('institute_name', text)
    .addColumn('institute_name_english', text)
    .addColumn('photo', text)
    .$call(record)
    .execute();
  // An institute's own list, newest first; the admin's list of everything; lookups by mobile.
  await db.schema.createIndex('registrations_institute_status_id').on('scholarship_registrations').columns(['institute_id', 'status', 'id']).execute();
  await db.schema.createIndex('registrations_status_id').on('scholarship_registrations').columns(['status', 'id']).execute();
  await db.schema.createIndex('registrations_contact').on('scholarship_registrations').column('contact_number').execute();

  // Maintained in the same transaction as each registration write, so dashboards never scan.
  await db.schema
    .createTable('registration_counts')
    .addColumn('institute_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('class', text, notNull)
    .addColumn('gender', text, notNull)
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('registration_counts_pk', ['institute_id', 'class', 'gender'])
    .execute();

  await id(db.schema.createTable('scholarship_payments'))
    .addColumn('institute_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('payment_method', text, notNull)
    .addColumn('transaction_id', text, (c) => c.notNull().unique())
    .addColumn('date', text, notNull)
    .addColumn('is_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', text)
    .$call(record)
    .execute();
  await db.schema.createIndex('payments_institute_status_id').on('scholarship_payments').columns(['institute_id', 'status', 'id']).execute();
  await db.schema.createIndex('payments_status_id').on('scholarship_payments').columns(['status', 'id']).execute();
  await db.schema.createIndex('payments_approved_institute').on('scholarship_payments').columns(['is_approved', 'institute_id']).execute();

  const menuColumns = (t: Table) =>
    t
      .addColumn('title', text, notNull)
      .addColumn('content_url', text, notNull)
      .addColumn('redirect_url', text)
      .addColumn('is_external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1));
  await id(db.schema.createTable('web_page_menus')).$call(menuColumns).$call(record).execute();
  await db.schema.createIndex('menus_status_id').on('web_page_menus').columns(['status', 'id']).execute();
  await id(db.schema.createTable('web_page_sub_menus'))
    .addColumn('web_page_menu_id', 'integer', (c) => c.notNull().references('web_page_menus.id').onDelete('cascade'))
    .$call(menuColumns)
    .$call(record)
    .execute();
  await db.schema.createIndex('sub_menus_menu').on('web_page_sub_menus').columns(['web_page_menu_id', 'position']).execute();
  await db.schema.createIndex('sub_menus_status_id').on('web_page_sub_menus').columns(['status', 'id']).execute();

  for (const kind of ['blog', 'news', 'notice']) {
    await id(db.schema.createTable(`${kind}_categories`))
      .addColumn('title', text, notNull)
      .$call(record)
      .execute();
    await db.schema.createIndex(`${kind}_categories_status_id`).on(`${kind}_categories`).columns(['status', 'id']).execute();
  }

  await id(db.schema.createTable('web_pages'))
    .addColumn('url', text, (c) => c.notNull().unique())
    .addColumn('title', text, notNull)
    .addColumn('published_at', text, notNull)
    .addColumn('content', text)
    .addColumn('content_type', text, (c) => c.notNull().defaultTo('page'))
    .addColumn('blog_category_id', 'integer', (c) => c.references('blog_categories.id').onDelete('set null'))
    .addColumn('news_category_id', 'integer', (c) => c.references('news_categories.id').onDelete('set null'))
    .addColumn('notice_category_id', 'integer', (c) => c.references('notice_categories.id').onDelete('set null'))
    .addColumn('custom_fields', text)
    .addColumn('image', text)
    .addColumn('meta_title', text)
    .addColumn('meta_description', text)
    .addColumn('meta_keywords', text)
    .addColumn('og_image', text)
    .addColumn('og_description', text)
    .addColumn('source_files_url', text)
    .addColumn('content_file', text)
    .addColumn('requires_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_roles', text)
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template', text)
    .$call(record)
    .execute();
  // Public listings: newest published of a content type.
  await db.schema.createIndex('pages_status_type_published').on('web_pages').columns(['status', 'content_type', 'published_at']).execute();
  await db.schema.createIndex('pages_status_id').on('web_pages').columns(['status', 'id']).execute();

  await id(db.schema.createTable('setting_groups'))
    .addColumn('title', text, notNull)
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await id(db.schema.createTable('setting_sub_groups'))
    .addColumn('setting_group_id', 'integer', (c) => c.notNull().references('setting_groups.id').onDelete('cascade'))
    .addColumn('title', text, notNull)
    .addColumn('slug', text, (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await id(db.schema.createTable('setting_values'))
    .addColumn('setting_sub_group_id', 'integer', (c) => c.notNull().references('setting_sub_groups.id').onDelete('cascade'))
    .addColumn('key', text, (c) => c.notNull().unique())
    .addColumn('type', text, notNull)
    .addColumn('title', text, notNull)
    .addColumn('value', text)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', text, notNull)
    .addCheckConstraint('setting_values_type', sql`type in ('text', 'file')`)
    .execute();
  await db.schema.createIndex('setting_values_sub_group').on('setting_values').columns(['setting_sub_group_id', 'position']).execute();

  await id(db.schema.createTable('media'))
    .addColumn('path', text, (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mime', text, notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', text, notNull)
    .execute();
  await db.schema.createIndex('media_owner').on('media').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'media',
    'setting_values',
    'setting_sub_groups',
    'setting_groups',
    'web_pages',
    'notice_categories',
    'news_categories',
    'blog_categories',
    'web_page_sub_menus',
    'web_page_menus',
    'scholarship_payments',
    'registration_counts',
    'scholarship_registrations',
    'access_tokens',
    'users',
    'user_roles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
