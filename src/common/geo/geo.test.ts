import { describe, it, expect } from 'vitest';
import {
  districtById,
  districts,
  districtsOf,
  divisionById,
  divisions,
  geoTree,
  isDistrictInDivision,
  isUpazilaInDistrict,
  upazilaById,
  upazilas,
  upazilasOf,
} from './index.js';

// The data is NFC, where য়/ড়/ঢ় are base letter + nukta; a literal typed here may use the one-code-point form.
const nfc = (s: string) => s.normalize('NFC');

const allNames = [...divisions, ...districts, ...upazilas].flatMap((x) => [x.name_en, x.name_bn]);

describe('geo data', () => {
  it('has every division, district and upazila once', () => {
    expect(divisions).toHaveLength(8);
    expect(districts).toHaveLength(64);
    // 491 from bd-geojs plus Eidgaon, Madhyanagar, Dasar and Shayestaganj.
    expect(upazilas).toHaveLength(495);
    expect(divisionById.size).toBe(8);
    expect(districtById.size).toBe(64);
    expect(upazilaById.size).toBe(495);
    expect(divisions.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(districts.map((d) => d.id)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('links every district and upazila to an existing parent', () => {
    for (const d of districts) expect(divisionById.has(d.division_id), `district ${d.id}`).toBe(true);
    for (const u of upazilas) expect(districtById.has(u.district_id), `upazila ${u.id}`).toBe(true);
    for (const d of districts) expect(upazilasOf(d.id).length, `district ${d.id}`).toBeGreaterThan(0);
  });

  it('has the official Bengali names', () => {
    expect(divisions.map((d) => d.name_bn)).toEqual(['চট্টগ্রাম', 'রাজশাহী', 'খুলনা', 'বরিশাল', 'সিলেট', 'ঢাকা', 'রংপুর', 'ময়মনসিংহ'].map(nfc));
    const districtBn = (id: number) => districtById.get(id)?.name_bn;
    expect(districtBn(3)).toBe(nfc('ব্রাহ্মণবাড়িয়া'));
    expect(districtBn(9)).toBe(nfc('কক্সবাজার'));
    expect(districtBn(18)).toBe(nfc('চাঁপাইনবাবগঞ্জ'));
    expect(districtBn(30)).toBe(nfc('ঝালকাঠি'));
    expect(districtBn(37)).toBe(nfc('মৌলভীবাজার'));
    expect(districtBn(43)).toBe(nfc('নারায়ণগঞ্জ'));
    expect(districtBn(64)).toBe(nfc('নেত্রকোণা'));
    const upazilaBn = (id: number) => upazilaById.get(id)?.name_bn;
    expect(upazilaBn(66)).toBe(nfc('সীতাকুণ্ড'));
    expect(upazilaBn(126)).toBe(nfc('দুপচাঁচিয়া'));
    expect(upazilaBn(260)).toBe(nfc('বোরহানউদ্দিন'));
    expect(upazilaBn(330)).toBe(nfc('নারায়ণগঞ্জ সদর'));
    expect(upazilaBn(334)).toBe(nfc('ভূঞাপুর'));
    expect(upazilaBn(54)).toBe(nfc('শাহরাস্তি'));
  });

  it('has the English names in their current official spelling', () => {
    expect(divisionById.get(1)?.name_en).toBe('Chattogram');
    expect(divisionById.get(4)?.name_en).toBe('Barishal');
    expect(districtById.get(1)?.name_en).toBe('Cumilla');
    expect(districtById.get(9)?.name_en).toBe("Cox's Bazar");
  });

  it('has the upazilas newer than the source data', () => {
    expect(upazilaById.get(492)).toEqual({ id: 492, district_id: 9, name_en: 'Eidgaon', name_bn: nfc('ঈদগাঁও') });
    expect(upazilaById.get(493)).toEqual({ id: 493, district_id: 39, name_en: 'Madhyanagar', name_bn: nfc('মধ্যনগর') });
    expect(upazilaById.get(494)).toEqual({ id: 494, district_id: 50, name_en: 'Dasar', name_bn: nfc('ডাসার') });
    expect(upazilaById.get(495)).toEqual({ id: 495, district_id: 38, name_en: 'Shayestaganj', name_bn: nfc('শায়েস্তাগঞ্জ') });
    expect(upazilaById.get(301)?.name_bn).toBe(nfc('শান্তিগঞ্জ'));
    expect(upazilaById.get(245)?.name_bn).toBe(nfc('ইন্দুরকানী'));
  });

  it('keeps Bengali names Bengali and every name NFC without stray spaces', () => {
    for (const x of [...divisions, ...districts, ...upazilas]) expect(x.name_bn, `${x.id} ${x.name_en}`).not.toMatch(/[A-Za-z]/);
    for (const name of allNames) {
      expect(name).toBe(name.normalize('NFC'));
      expect(name).toBe(name.replace(/\s+/g, ' ').trim());
    }
  });
});

describe('geo helpers', () => {
  it('lists children in id order', () => {
    expect(districtsOf(8).map((d) => d.name_en)).toEqual(['Sherpur', 'Mymensingh', 'Jamalpur', 'Netrokona']);
    expect(upazilasOf(47).map((u) => u.name_en)).toEqual(['Savar', 'Dhamrai', 'Keraniganj', 'Nawabganj', 'Dohar']);
    expect(districtsOf(99)).toEqual([]);
    expect(upazilasOf(99)).toEqual([]);
  });

  it('checks that a district is in a division', () => {
    expect(isDistrictInDivision(47, 6)).toBe(true); // Dhaka in Dhaka
    expect(isDistrictInDivision(9, 1)).toBe(true); // Cox's Bazar in Chattogram
    expect(isDistrictInDivision(61, 8)).toBe(true); // Sherpur in Mymensingh
    expect(isDistrictInDivision(61, 6)).toBe(false); // Sherpur left Dhaka for Mymensingh in 2015
    expect(isDistrictInDivision(47, 99)).toBe(false);
    expect(isDistrictInDivision(99, 6)).toBe(false);
  });

  it('checks that an upazila is in a district', () => {
    expect(isUpazilaInDistrict(365, 47)).toBe(true); // Savar in Dhaka
    expect(isUpazilaInDistrict(494, 50)).toBe(true); // Dasar in Madaripur
    expect(isUpazilaInDistrict(132, 61)).toBe(false); // Sherpur upazila is in Bogura, not Sherpur district
    expect(isUpazilaInDistrict(132, 14)).toBe(true);
    expect(isUpazilaInDistrict(999, 14)).toBe(false);
  });

  it('builds the tree with every upazila once', () => {
    const tree = geoTree();
    expect(tree).toHaveLength(8);
    expect(tree.flatMap((d) => d.districts)).toHaveLength(64);
    const ids = tree.flatMap((d) => d.districts.flatMap((z) => z.upazilas.map((u) => u.id)));
    expect(new Set(ids).size).toBe(495);
    expect(tree[7]?.districts[3]).toMatchObject({ id: 64, name_bn: nfc('নেত্রকোণা') });
    expect(tree[7]?.districts[3]?.upazilas[0]).toEqual({ id: 482, name_en: 'Barhatta', name_bn: nfc('বারহাট্টা') });
    expect(geoTree()).toBe(tree);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(divisions)).toBe(true);
    expect(Object.isFrozen(upazilaById.get(1))).toBe(true);
    expect(Object.isFrozen(geoTree()[0]?.districts[0]?.upazilas)).toBe(true);
  });
});
