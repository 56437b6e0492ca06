/**
 * A resource (architecture §3, after react-admin's <Resource>): a short definition from which the
 * list, create, edit and details screens, their routes and the module's menu are made.
 */
import type { Icon } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Role } from '../../common/constants';
import type { Lang } from '../../common/messages';
import type { PublicUser } from '../../common/schemas/user';
import type { FormValues } from '../components/forms/useApiForm';
import type { Catalog } from '../i18n/catalog';
import type { Row } from './api';

export type FieldKey = keyof Catalog['fields'];
export type ResourceTextKey = keyof Catalog['resources'];

/** What a cell, a details value or an option label is drawn with. */
export type ShowContext = { t: TFunction; lang: Lang };

export type Column<R> = {
  key: string;
  label: FieldKey;
  /** `position` is the row's place in the whole list, 1 for the first row of page 1 (the SI column). */
  render?: (row: R, context: ShowContext, position: number) => ReactNode;
  /** Cell text may wrap (long titles) or not (ids, dates). */
  nowrap?: boolean;
  /**
   * Which columns give way when the list is wider than its area: 1 always stays (what names the row),
   * higher numbers go first (useFittedColumns; 2 when not said). The row's details show every field.
   */
  priority?: number;
  /**
   * When the column gives way to the width, its value is shown labelled under the row's first column that
   * always stays (a phone still tells two payments apart by their transaction and date).
   */
  tuck?: boolean;
  /** The least width of its cells (institute names that would otherwise wrap to three lines). */
  minWidth?: number;
  /** The list's relation this column reads (asked for only when the column is shown to the user's role). */
  relation?: string;
  /** Shown only to these roles (an institute needs no column naming itself). */
  roles?: readonly Role[];
};

export type DetailRow<R> = {
  /** A key of `fields`, or the text itself for labels from elsewhere in the catalog. */
  label: FieldKey | ((t: TFunction) => string);
  value: (row: R, context: ShowContext) => ReactNode;
  /** Shown only for such rows (an institute's rows on an institute's account, not on an examiner's). */
  when?: (row: R) => boolean;
};

/** One input of a declarative form, labelled `fields.{label}`. */
export type FieldSpec =
  | { kind: 'text' | 'textarea' | 'url' | 'number'; name: string; label: FieldKey }
  | { kind: 'switch'; name: string; label: FieldKey }
  | {
      /** A choice among another resource's rows, loaded 500 at a time (spec §7). */
      kind: 'resource';
      name: string;
      label: FieldKey;
      api: string;
      queryKey: string;
      optionLabel: (row: Row & Record<string, unknown>) => string;
    };

export type FormMode = 'create' | 'edit';

export type ResourceForm<R> = {
  schema: z.ZodObject;
  /** When editing asks other rules (a password only required on create). */
  updateSchema?: z.ZodObject;
  /** When the rules depend on who fills the form in (an admin must choose the institute); wins over the two above. */
  schemaFor?: (context: { mode: FormMode; user: PublicUser }) => z.ZodObject;
  /** The form's starting values, from the row when editing. */
  values: (row: R | undefined, user: PublicUser) => FormValues;
  /** Declarative inputs, inside a fieldset titled `resources.{text}.info`. */
  fields?: readonly FieldSpec[];
  /** A form of its own (the institute form), given the mode and the row when editing. */
  Body?: ComponentType<{ mode: FormMode; row?: R }>;
  /** Checked when saved rather than as fields are left: a form with rows added in place (useApiForm). */
  checkOnSave?: boolean;
  /** What the saved toast says instead of the server's generic message (a payment filed waits for approval). */
  savedText?: (t: TFunction, mode: FormMode, user: PublicUser) => string | undefined;
  /** Submitted values the API wants changed (none for most). */
  toBody?: (values: Record<string, unknown>, mode: FormMode, user: PublicUser) => Record<string, unknown>;
};

/**
 * A choice that narrows a list (an admin's institute): kept in the address as `param`, sent with the
 * list query as a filter pair and with the export as a condition.
 */
export type ListFilter = {
  param: string;
  /** Shown only to these roles. */
  roles?: readonly Role[];
  /** Its input: the value ('' for none) and the new value. */
  Input: ComponentType<{ value: string; onChange: (value: string) => void }>;
};

/** A button in a list's header that opens another screen of the resource. */
export type HeaderLink = {
  label: (t: TFunction) => string;
  /** Under the resource's path: 'import' → /scholarship-registrations/import. */
  subPath: string;
  icon: Icon;
  testId?: string;
  /** Shown only to these roles (reconciling statements is the admin's). */
  roles?: readonly Role[];
};

export type MenuEntry = {
  label: string;
  to: string;
  icon: Icon;
  /** Beside the label (a count). */
  badge?: ReactNode;
  /** Entries with the same group stand together under its name. */
  group?: string;
};
