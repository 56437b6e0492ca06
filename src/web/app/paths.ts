/** Paths outside the shell's section table (src/web/shell/sections.ts). */
export const paths = {
  login: '/login',
  register: '/register',
  passwordReset: '/password-reset',
  dashboard: '/',
  /** The public website (architecture §5: the dashboard owns `/`). */
  site: '/site',
  /** Spec §2; photos come with the upload issue, until then everyone has this one. */
  defaultAvatar: '/avatar.png',
} as const;
