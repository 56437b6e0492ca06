/** The English text of the settings: exactly the keys of the Bengali (./bn.ts). */
import type { bn } from './bn.js';

export const en: typeof bn = {
  settings: {
    overview: 'All settings',
    overviewLead: 'Choose what to change.',
    empty: 'There are no settings yet.',
    emptyGroup: 'This group has no sub groups.',
    emptyValues: 'Nothing to change in this sub group.',
    loadFailed: 'The settings could not be loaded.',
    retry: 'Try again',
    save: 'Save',
    saving: 'Saving…',
    back: 'All settings',
    notFound: 'This setting was not found.',
    imageSize: 'Size {{width}} × {{height}} pixels',
  },
};
