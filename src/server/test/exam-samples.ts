/**
 * Exam documents with made-up people for the PDF tests, the look at the pages and the benchmark: a
 * portrait drawn as a JPEG of the product's photo size (300×400) with grain, so each one differs and
 * weighs about what a phone's cropped photo does (~20 kB).
 */
import type { AdmitCard, Photo, RoomSheet, SeatedStudent } from '../modules/exam/documents.js';

const BACKGROUNDS = ['#cfe3f4', '#dfe9d8', '#f0e6d6', '#e4dcef', '#d9e7ea'];
const SKINS = ['#c68a5d', '#b07850', '#d39c6f', '#9c6644', '#c98f63'];
const SHIRTS = ['#f5f5f5', '#27466b', '#ffffff', '#3d5a40', '#6b2737'];

export async function samplePhoto(seed: number, grain = 14): Promise<Photo> {
  // Loaded here, not at the top: the benchmark makes its photos in another process and measures this one's memory.
  const { default: sharp } = await import('sharp');
  const pick = <T>(list: T[], salt: number) => list[(seed * 7 + salt) % list.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
<rect width="300" height="400" fill="${pick(BACKGROUNDS, 0)}"/>
<path d="M20 400 C30 300 90 285 150 285 C210 285 270 300 280 400 Z" fill="${pick(SHIRTS, 1)}"/>
<path d="M118 250 h64 v45 q-32 22 -64 0 z" fill="${pick(SKINS, 2)}"/>
<ellipse cx="150" cy="175" rx="68" ry="86" fill="${pick(SKINS, 2)}"/>
<path d="M80 170 C78 95 115 78 150 78 C190 78 224 98 220 170 C210 130 190 115 150 118 C110 118 92 132 80 170 Z" fill="#1d1712"/>
<ellipse cx="124" cy="178" rx="9" ry="5" fill="#2a1d14"/><ellipse cx="176" cy="178" rx="9" ry="5" fill="#2a1d14"/>
<path d="M150 185 q-6 22 0 28" stroke="#8a5a3a" stroke-width="3" fill="none"/>
<path d="M130 228 q20 12 40 0" stroke="#7a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
  const grainLayer = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: grain } },
  })
    .png()
    .toBuffer();
  const bytes = await sharp(Buffer.from(svg))
    .composite([{ input: grainLayer, blend: 'overlay' }])
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  return { bytes, type: 'image/jpeg' };
}

const EXAM = {
  name_bn: 'প্রাথমিক ও নিম্ন মাধ্যমিক বৃত্তি পরীক্ষা ২০২৬',
  name_en: 'Primary and Junior Secondary Scholarship Examination 2026',
  organiser: 'বৃত্তি পরীক্ষা নিবন্ধন',
};

const CENTRE = {
  name_bn: 'সরকারি বালিকা উচ্চ বিদ্যালয় কেন্দ্র, সর্বোচ্চ ক্ষমতাসম্পন্ন কক্ষ ভবন',
  name_en: 'Government Girls’ High School Centre',
  address: 'স্টেশন রোড, কৃষ্ণপুর, ত্রিশাল, ময়মনসিংহ',
};

const NAMES = [
  ['মোছাঃ স্ত্রীমতী চন্দ্রবিন্দু আক্তার', 'MST. CHANDRABINDU AKTER', 'মোঃ সর্বোচ্চ ইসলাম', 'MD. SARBOCCHO ISLAM', 'কৃষ্ণা রানী দাস', 'KRISHNA RANI DAS'],
  ['আব্দুল্লাহ আল মামুন', 'ABDULLAH AL MAMUN', 'মোঃ ক্ষমতা হোসেন', 'MD. KHOMOTA HOSSAIN', 'বিজ্ঞানী বেগম', 'BIGGANI BEGUM'],
  ['শ্রাবন্তী ত্যাগী', 'SHRABONTI TYAGI', 'প্রদ্যুৎ কুমার ত্যাগী', 'PRODYUT KUMAR TYAGI', 'স্বপ্না রানী', 'SWAPNA RANI'],
];

export const SAMPLE_INSTRUCTIONS = [
  'পরীক্ষা শুরুর অন্তত ৩০ মিনিট আগে কেন্দ্রে উপস্থিত হতে হবে।',
  'প্রবেশপত্র ছাড়া কাউকে পরীক্ষার হলে প্রবেশ করতে দেওয়া হবে না; প্রবেশপত্রটি ভাঁজ না করে সঙ্গে রাখুন।',
  'পরীক্ষার হলে মোবাইল ফোন, ক্যালকুলেটর বা কোনো ইলেকট্রনিক যন্ত্র আনা সম্পূর্ণ নিষিদ্ধ।',
  'উত্তরপত্রে নিজের রোল নম্বর ও নিবন্ধন নম্বর স্পষ্ট করে লিখতে হবে।',
  'কালো বলপয়েন্ট কলম ব্যবহার করুন; নির্ধারিত আসনে বসুন।',
];

/** A card for student `n` (rolls and numbers as the product makes them: year, class, sequence). */
export function sampleAdmitCard(n: number, photo: Photo | null, overrides: Partial<AdmitCard['student']> = {}): AdmitCard {
  const [name_bn, name_en, father_bn, father_en, mother_bn, mother_en] = NAMES[n % NAMES.length]!;
  const klass = n % 3 === 2 ? '07' : '04';
  return {
    exam: EXAM,
    instructions: SAMPLE_INSTRUCTIONS,
    student: {
      name_bn: name_bn!,
      name_en: name_en!,
      father_bn: father_bn!,
      father_en: father_en!,
      mother_bn: mother_bn!,
      mother_en: mother_en!,
      photo,
      reg_no: `2026${String(1000 + n).padStart(7, '0')}`,
      roll_no: `2026${klass}${String(100 + n).padStart(6, '0')}`,
      class: klass,
      class_roll: String((n % 60) + 1),
      ...overrides,
    },
    institute: { name_bn: 'কৃষ্ণপুর সরকারি প্রাথমিক বিদ্যালয়', name_en: 'Krishnapur Government Primary School' },
    centre: CENTRE,
    room: `${101 + Math.floor(n / 40)}`,
    seat: (n % 40) + 1,
    sitting: { date: '2026-12-05', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' },
    verify_url: `https://britti.example.gov.bd/verify/${(n * 2654435761).toString(36).padStart(8, 'x')}Q7mZ3kV9pL2sT8wR`,
    verify_page: 'https://britti.example.gov.bd/verify',
    verify_code: 'K7M 2QX',
  };
}

export function sampleRoomSheet(students: number, photos: (Photo | null)[]): RoomSheet {
  const seated: SeatedStudent[] = Array.from({ length: students }, (_, i) => {
    const card = sampleAdmitCard(i, null);
    return {
      seat: i + 1,
      roll_no: card.student.roll_no,
      reg_no: card.student.reg_no,
      name_bn: card.student.name_bn,
      name_en: card.student.name_en,
      class: card.student.class,
      institute_name: card.institute.name_bn,
      photo: photos[i % Math.max(photos.length, 1)] ?? null,
    };
  });
  return {
    exam: EXAM,
    centre: CENTRE,
    room: '১০১',
    capacity: 40,
    sittings: {
      '04': { date: '2026-12-05', reporting_time: '09:30', start_time: '10:00', end_time: '12:00' },
      '07': { date: '2026-12-06', reporting_time: '09:30', start_time: '10:00', end_time: '12:30' },
    },
    students: seated,
  };
}
