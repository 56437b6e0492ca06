/** Reference codes (spec §3) as the interface shows them: class 04 'চতুর্থ শ্রেণি', gender m 'ছেলে' … */
import type { TFunction } from 'i18next';
import { CLASS_CODES, DEPARTMENTS, GENDERS, PAYMENT_METHODS } from '../../common/constants';

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The code's label, or the code itself should the server ever send one the client does not know. */
export const classLabel = (t: TFunction, code: string | null | undefined) => (isOneOf(CLASS_CODES, code) ? t(`reference.class.${code}`) : (code ?? ''));
export const genderLabel = (t: TFunction, code: string | null | undefined) => (isOneOf(GENDERS, code) ? t(`reference.gender.${code}`) : (code ?? ''));
export const departmentLabel = (t: TFunction, code: string | null | undefined) =>
  isOneOf(DEPARTMENTS, code) ? t(`reference.department.${code}`) : (code ?? '');
export const methodLabel = (t: TFunction, code: string | null | undefined) =>
  isOneOf(PAYMENT_METHODS, code) ? t(`reference.paymentMethod.${code}`) : (code ?? '');

export const classOptions = (t: TFunction) => CLASS_CODES.map((value) => ({ value, label: t(`reference.class.${value}`) }));
export const genderOptions = (t: TFunction) => GENDERS.map((value) => ({ value, label: t(`reference.gender.${value}`) }));
export const departmentOptions = (t: TFunction) => DEPARTMENTS.map((value) => ({ value, label: t(`reference.department.${value}`) }));
export const methodOptions = (t: TFunction) => PAYMENT_METHODS.map((value) => ({ value, label: t(`reference.paymentMethod.${value}`) }));
