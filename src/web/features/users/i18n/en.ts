/** The English text of users and roles: exactly the keys of the Bengali (./bn.ts). */
import type { bn } from './bn.js';

export const en: typeof bn = {
  users: {
    sections: {
      account: 'Account',
      person: 'Person',
    },
    passwordKeep: 'Leave both boxes empty to keep the current password.',
    person: {
      name: 'Name',
      phone_number: 'Mobile number',
      email: 'Email',
      photo: 'Photo',
      emailHint: 'Used to log in and to reset a forgotten password.',
    },
  },
  resources: {
    users: {
      list: 'All users',
      create: 'Create user',
      edit: 'Edit user',
      details: 'User details',
      info: 'User Information',
    },
    userRoles: {
      list: 'All roles',
      create: 'Create role',
      edit: 'Edit role',
      details: 'Role details',
      info: 'User Role Information',
    },
  },
};
