/** The English text of the profile: password, phone, two-factor login: exactly the keys of the Bengali (./bn.ts). */
import type { bn } from './bn.js';

export const en: typeof bn = {
  profile: {
    menu: {
      view: 'Profile',
      updateInfo: 'Update Info',
      password: 'Password',
    },
    viewTitle: 'My profile',
    updateTitle: 'Update profile information',
    passwordTitle: 'Change password',
    passwordNote: 'After the change, this account is logged out on every other device; you stay logged in on this one.',
    fields: {
      old_password: 'Current password',
      password: 'New password',
      password_confirmation: 'Repeat the new password',
    },
    changePassword: 'Change password',
    changing: 'Changing…',
    emailConfirmed: 'Your new email address is confirmed and now in use.',
    emailNotConfirmed:
      'The link did not work: it was used already, has expired, or the address now belongs to another account. Ask for a new one by saving the address again.',
    phone: {
      title: 'Mobile number',
      confirmed: 'Confirmed',
      notConfirmed: 'Not confirmed',
      why: 'Confirm the number with a code sent to it. The admin can release a number that is not confirmed to another institute.',
      send: 'Send code',
      sendAgain: 'Send a new code',
      code: 'The {{n}}-digit code from the SMS',
      confirm: 'Confirm',
    },
    twoFactor: {
      menu: 'Two-factor login',
      title: 'Two-factor login (authenticator app)',
      intro:
        'After the password, a code from the authenticator app on your phone (Google Authenticator, Microsoft Authenticator and the like) is asked for, so knowing the password is not enough to log in.',
      otherSessions: 'Turning it on or off logs you out on every other device and browser.',
      on: 'On',
      off: 'Off',
      recoveryLeft: 'Unused recovery codes: {{n}}',
      start: 'Start turning it on',
      scan: '1. Scan the QR code with your authenticator app.',
      manual: 'If it cannot scan, type this key into the app:',
      qrAlt: 'QR code for the authenticator app',
      confirm: '2. Confirm with your password and the 6-digit code the app shows.',
      password: 'Your password',
      code: 'Code',
      enable: 'Confirm and turn on',
      recoveryTitle: 'Recovery codes — save them now',
      recoveryNote: 'If you lose your phone, each of these codes logs you in once. They are never shown again: print them or write them down somewhere safe.',
      recoveryDone: 'I have saved the codes',
      disableTitle: 'Turn off',
      disableNote: 'To turn it off, enter your password and a code from the app or a recovery code.',
      disable: 'Turn off',
      policyTitle: 'For every admin',
      policy: 'Require two-factor login for every admin',
      policyNote: 'When on, an admin who has not turned it on must do so first after logging in.',
    },
  },
};
