/** The Bengali text of the settings; the shell gathers every feature's (shell/texts.ts). */
export const bn = {
  settings: {
    overview: 'সব সেটিংস',
    overviewLead: 'কোন অংশ বদলাবেন তা বেছে নিন।',
    empty: 'এখনো কোনো সেটিং নেই।',
    emptyGroup: 'এই ভাগে কোনো উপভাগ নেই।',
    emptyValues: 'এই উপভাগে বদলানোর মতো কিছু নেই।',
    loadFailed: 'সেটিংস আনা যায়নি।',
    retry: 'আবার চেষ্টা করুন',
    save: 'সংরক্ষণ করুন',
    saving: 'সংরক্ষণ হচ্ছে…',
    back: 'সব সেটিংস',
    notFound: 'এই সেটিং পাওয়া যায়নি।',
    imageSize: 'মাপ {{width}} × {{height}} পিক্সেল',
  },
};

declare module '../../../i18n/features.js' {
  interface FeatureTexts {
    settings: typeof bn;
  }
}
