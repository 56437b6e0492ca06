/**
 * LoginBody's rules (src/common/schemas/auth.ts) without zod, for the login screen's download budget:
 * both fields required, the identifier trimmed, each within its stored length. loginRules.test.ts
 * checks that they decide as LoginBody does.
 */
import { LIMITS } from '../../common/constants';
import { type Lang, translate } from '../../common/messages';
import type { LoginBody } from '../../common/schemas/auth';

export type LoginInput = { email?: string; password?: string };
export type LoginCheck =
  { values: LoginBody; errors?: undefined } | { values?: undefined; errors: Partial<Record<keyof LoginBody, { type: string; message: string }>> };

function fieldError(value: string, max: number, lang: Lang) {
  if (value === '') return { type: 'required', message: translate(lang, 'required') };
  if (value.length > max) return { type: 'too_long', message: translate(lang, 'too_long', { max }) };
  return undefined;
}

export function checkLogin(input: LoginInput, lang: Lang): LoginCheck {
  const email = (input.email ?? '').trim();
  const password = input.password ?? '';
  const emailError = fieldError(email, LIMITS.shortText, lang);
  const passwordError = fieldError(password, LIMITS.password.max, lang);
  if (!emailError && !passwordError) return { values: { email, password } };
  return { errors: { ...(emailError && { email: emailError }), ...(passwordError && { password: passwordError }) } };
}
