/**
 * Builds src/common/geo/bd-geo.json: Bangladesh's divisions, districts and upazilas with the ids of
 * the nuhil/bangladesh-geocode data set, as packaged by `bd-geojs` (pinned devDependency).
 * The package's names are cleaned, the corrections below are applied, missing upazilas are added,
 * and nothing is written unless the result passes every check.
 *
 * Usage: node scripts/build-geo.mjs [DIR]
 *   DIR (or env BD_GEOJS_FROM) is a folder to resolve `bd-geojs` from, e.g. a scratch install;
 *   by default it resolves from this project.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'bd-geojs';
const OUTPUT = fileURLToPath(new URL('../src/common/geo/bd-geo.json', import.meta.url));

/** 495 upazilas: the source's 491 plus the four in NEW_UPAZILAS. City corporations and metropolitan thanas are not upazilas. */
const EXPECTED = { divisions: 8, districts: 64, upazilas: 495 };

/**
 * Corrections by id: field → [value in the source, corrected value]. The source value is checked, so
 * an upstream change stops the build instead of being overwritten unseen.
 * Whitespace and Unicode normalisation (NFC) are applied to every name before this, see clean().
 */
const FIXES = {
  division: {
    1: { en: ['Chattagram', 'Chattogram'] }, // misspelt; official English spelling since 2018
    4: { en: ['Barisal', 'Barishal'] }, // official English spelling since 2018
  },
  district: {
    1: { en: ['Comilla', 'Cumilla'] }, // official English spelling since 2018
    9: { en: ['Coxsbazar', "Cox's Bazar"] }, // URL slug, not the name
    33: { en: ['Barisal', 'Barishal'] }, // official English spelling since 2018
  },
  upazila: {
    // Cumilla: official names carry the district; "Sadarsouth" is a URL slug.
    11: { en: ['Comilla Sadar', 'Cumilla Adarsha Sadar'], bn: ['কুমিল্লা সদর', 'কুমিল্লা আদর্শ সদর'] },
    14: { en: ['Sadarsouth', 'Cumilla Sadar Dakshin'], bn: ['সদর দক্ষিণ', 'কুমিল্লা সদর দক্ষিণ'] },
    // "-gonj" is the URL-slug spelling; every other name uses "-ganj" (see 436 Pirganj vs 445 Pirgonj).
    13: { en: ['Monohargonj', 'Manoharganj'] },
    59: { en: ['Faridgonj', 'Faridganj'] },
    108: { en: ['Raigonj', 'Raiganj'] },
    353: { en: ['Karimgonj', 'Karimganj'] },
    442: { en: ['Taragonj', 'Taraganj'] },
    443: { en: ['Badargonj', 'Badarganj'] },
    445: { en: ['Pirgonj', 'Pirganj'] },
    478: { en: ['Dewangonj', 'Dewanganj'] },
    489: { en: ['Mohongonj', 'Mohanganj'] },
    // Noakhali: English misspellings.
    49: { en: ['Senbug', 'Senbagh'] },
    51: { en: ['Sonaimori', 'Sonaimuri'] },
    // Chattogram: ণ্ড, not ন্ড; official English spelling.
    66: { bn: ['সীতাকুন্ড', 'সীতাকুণ্ড'] },
    79: { en: ['Karnafuli', 'Karnaphuli'] },
    80: { en: ['Coxsbazar Sadar', "Cox's Bazar Sadar"] }, // URL slug
    // Khagrachhari: দীঘি (long ঈ first); লক্ষ্মী needs the ম-phala, as in লক্ষ্মীপুর.
    89: { bn: ['দিঘীনালা', 'দীঘিনালা'] },
    91: { en: ['Laxmichhari', 'Lakshmichhari'], bn: ['লক্ষীছড়ি', 'লক্ষ্মীছড়ি'] },
    // Bogura: official English spelling; chandrabindu belongs on চা, not after the i-kar;
    // দীঘি and নন্দী take long ঈ.
    123: { en: ['Bogra Sadar', 'Bogura Sadar'] },
    126: { bn: ['দুপচাচিঁয়া', 'দুপচাঁচিয়া'] },
    127: { bn: ['আদমদিঘি', 'আদমদীঘি'] },
    128: { en: ['Nondigram', 'Nandigram'], bn: ['নন্দিগ্রাম', 'নন্দীগ্রাম'] },
    // Naogaon: পত্নী takes long ঈ.
    162: { bn: ['পত্নিতলা', 'পত্নীতলা'] },
    // Jashore: official English spelling since 2018.
    177: { en: ['Jessore Sadar', 'Jashore Sadar'] },
    // Jhenaidah: ণ্ড, not ন্ড.
    226: { bn: ['হরিণাকুন্ডু', 'হরিণাকুণ্ডু'] },
    // Pirojpur: Zianagar was renamed Indurkani.
    245: { en: ['Zianagar', 'Indurkani'], bn: ['জিয়ানগর', 'ইন্দুরকানী'] },
    // Barishal: official English spelling since 2018.
    249: { en: ['Barisal Sadar', 'Barishal Sadar'] },
    // Bhola: garbled English, name is one word; Char Fasson is two words in English.
    260: { en: ['Borhan Sddin', 'Borhanuddin'], bn: ['বোরহান উদ্দিন', 'বোরহানউদ্দিন'] },
    261: { en: ['Charfesson', 'Char Fasson'] },
    // Barguna: তালতলী takes long ঈ.
    271: { bn: ['তালতলি', 'তালতলী'] },
    // Sylhet: one word.
    284: { bn: ['ওসমানী নগর', 'ওসমানীনগর'] },
    // Sunamganj: Dakshin Sunamganj was renamed Shantiganj.
    301: { en: ['South Sunamganj', 'Shantiganj'], bn: ['দক্ষিণ সুনামগঞ্জ', 'শান্তিগঞ্জ'] },
    // Shariatpur, Narayanganj: spell the district as the district itself is spelt.
    322: { bn: ['শরিয়তপুর সদর', 'শরীয়তপুর সদর'] },
    330: { bn: ['নারায়নগঞ্জ সদর', 'নারায়ণগঞ্জ সদর'] },
    // Tangail: the name is ভূঞাপুর.
    334: { bn: ['ভুয়াপুর', 'ভূঞাপুর'] },
    // Manikganj, Munshiganj: English misspellings.
    361: { en: ['Gior', 'Ghior'] },
    364: { en: ['Singiar', 'Singair'] },
    373: { en: ['Louhajanj', 'Louhajang'] },
    // Panchagarh: তেঁতুল has a chandrabindu.
    403: { bn: ['তেতুলিয়া', 'তেঁতুলিয়া'] },
    // Kurigram: URL slug.
    456: { en: ['Charrajibpur', 'Char Rajibpur'] },
  },
};

/**
 * Upazilas newer than the source: [id, district_id, name_en, name_bn]. 492–494 are the ids upstream
 * nuhil/bangladesh-geocode gave them after bd-geojs was published; 495 is the next free id.
 */
const NEW_UPAZILAS = [
  [492, 9, 'Eidgaon', 'ঈদগাঁও'], // Cox's Bazar, 2021
  [493, 39, 'Madhyanagar', 'মধ্যনগর'], // Sunamganj, 2021
  [494, 50, 'Dasar', 'ডাসার'], // Madaripur, 2021
  [495, 38, 'Shayestaganj', 'শায়েস্তাগঞ্জ'], // Habiganj
];

/**
 * NFC is the form to compare and store. Note that NFC writes য়/ড়/ঢ় as base letter + nukta (two code
 * points; the one-code-point forms are composition exclusions), so the source's mix of both becomes one form.
 * The source also has stray tabs (e.g. upazila 54).
 */
const clean = (s) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

function load(from) {
  const require = createRequire(from ? path.resolve(from) + path.sep : import.meta.url);
  const { version } = require(`${PACKAGE}/package.json`);
  const { divisions, districts, upazillas } = require(PACKAGE);
  return { version, divisions, districts, upazilas: upazillas };
}

function applyFixes(kind, rows, errors) {
  const fixes = FIXES[kind];
  const seen = new Set();
  const fixed = rows.map((row) => {
    const fix = fixes[row.id];
    if (!fix) return row;
    seen.add(row.id);
    const out = { ...row };
    for (const [field, [was, now]] of Object.entries(fix)) {
      const key = `name_${field}`;
      if (row[key] !== clean(was)) errors.push(`${kind} ${row.id}: source ${key} is ${JSON.stringify(row[key])}, fix expects ${JSON.stringify(was)}`);
      out[key] = clean(now);
    }
    return out;
  });
  for (const id of Object.keys(fixes)) if (!seen.has(Number(id))) errors.push(`${kind} ${id}: fixed but not in the source`);
  return fixed;
}

function build(source) {
  const errors = [];
  const byId = (a, b) => a.id - b.id;
  const names = (r) => ({ id: Number(r.id), name_en: clean(r.name), name_bn: clean(r.bn_name) });

  const divisions = applyFixes('division', source.divisions.map(names), errors).sort(byId);
  const districts = applyFixes(
    'district',
    source.districts.map((r) => ({ ...names(r), parent: Number(r.division_id) })),
    errors,
  ).sort(byId);
  const upazilas = applyFixes(
    'upazila',
    source.upazilas.map((r) => ({ ...names(r), parent: Number(r.district_id) })),
    errors,
  );
  for (const [id, parent, en, bn] of NEW_UPAZILAS) {
    if (upazilas.some((u) => u.id === id)) errors.push(`upazila ${id}: added but already in the source`);
    upazilas.push({ id, parent, name_en: clean(en), name_bn: clean(bn) });
  }
  upazilas.sort(byId);

  validate('division', divisions, EXPECTED.divisions, null, errors);
  validate('district', districts, EXPECTED.districts, divisions, errors);
  validate('upazila', upazilas, EXPECTED.upazilas, districts, errors);
  return { divisions, districts, upazilas, errors };
}

const BENGALI_NAME = /^[\u0980-\u09FF]+(?: [\u0980-\u09FF]+)*$/u;
const ENGLISH_NAME = /^[A-Za-z]+(?:['-]?[A-Za-z]+)*(?: [A-Za-z]+(?:['-]?[A-Za-z]+)*)*$/;

function validate(kind, rows, expected, parents, errors) {
  if (rows.length !== expected) errors.push(`${rows.length} ${kind}s, expected ${expected}`);
  const ids = new Set();
  const siblingNames = new Set();
  for (const r of rows) {
    if (!Number.isInteger(r.id) || r.id <= 0) errors.push(`${kind} ${r.id}: bad id`);
    if (ids.has(r.id)) errors.push(`${kind} ${r.id}: duplicate id`);
    ids.add(r.id);
    if (parents && !parents.some((p) => p.id === r.parent)) errors.push(`${kind} ${r.id}: parent ${r.parent} does not exist`);
    if (!BENGALI_NAME.test(r.name_bn) || r.name_bn !== r.name_bn.normalize('NFC'))
      errors.push(`${kind} ${r.id}: bad Bengali name ${JSON.stringify(r.name_bn)}`);
    if (!ENGLISH_NAME.test(r.name_en)) errors.push(`${kind} ${r.id}: bad English name ${JSON.stringify(r.name_en)}`);
    // The same name twice under one parent is a duplicated row.
    for (const name of [r.name_en.toLowerCase(), r.name_bn]) {
      const key = `${r.parent}|${name}`;
      if (siblingNames.has(key)) errors.push(`${kind} ${r.id}: duplicate name ${JSON.stringify(name)} under ${r.parent}`);
      siblingNames.add(key);
    }
  }
  // Every parent needs children, or a dropdown would come up empty.
  for (const p of parents ?? []) if (!rows.some((r) => r.parent === p.id)) errors.push(`${kind}s: none under ${p.id}`);
}

// One row per line keeps diffs of the data readable.
function serialise({ divisions, districts, upazilas }) {
  const block = (key, rows, last) => `  "${key}": [\n${rows.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]${last ? '' : ','}\n`;
  return (
    '{\n' +
    block(
      'divisions',
      divisions.map((r) => [r.id, r.name_en, r.name_bn]),
    ) +
    block(
      'districts',
      districts.map((r) => [r.id, r.parent, r.name_en, r.name_bn]),
    ) +
    block(
      'upazilas',
      upazilas.map((r) => [r.id, r.parent, r.name_en, r.name_bn]),
      true,
    ) +
    '}\n'
  );
}

const source = load(process.argv[2] ?? process.env.BD_GEOJS_FROM);
const result = build(source);
if (result.errors.length > 0) {
  console.error(`${PACKAGE}@${source.version}: ${result.errors.length} problem(s), nothing written:\n  ${result.errors.join('\n  ')}`);
  process.exit(1);
}
writeFileSync(OUTPUT, serialise(result));
console.log(
  `${PACKAGE}@${source.version} → ${path.relative(process.cwd(), OUTPUT)}: ` +
    `${result.divisions.length} divisions, ${result.districts.length} districts, ${result.upazilas.length} upazilas`,
);
