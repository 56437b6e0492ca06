/**
 * Division → district → upazila, each list narrowed by the one before; choosing a parent clears
 * its children. Names in the interface language, in its alphabetical order, searchable. Part of the
 * registration chunk, with the geo data.
 */
import { SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { districtsOf, divisions, upazilasOf } from '../../common/geo';
import type { Lang } from '../../common/messages';
import { SelectField } from '../components/forms/SelectField';
import { useLanguage } from '../i18n';

type Place = { id: number; name_en: string; name_bn: string };

/** In the alphabetical order of the language they are read in (the data's own order is by English name). */
const collators: Record<Lang, Intl.Collator> = { bn: new Intl.Collator('bn'), en: new Intl.Collator('en') };

const options = (places: readonly Place[], lang: Lang) =>
  places
    .map((place) => ({ value: String(place.id), label: lang === 'bn' ? place.name_bn : place.name_en }))
    .sort((a, b) => collators[lang].compare(a.label, b.label));

export function AddressPicker() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { setValue } = useFormContext();
  const [divisionId, districtId] = useWatch({ name: ['division_id', 'zilla_id'] }) as [string, string];

  const clear = (...names: string[]) => names.forEach((name) => setValue(name, ''));
  const common = { searchable: true, nothingFoundMessage: t('register.placeholders.nothingFound') };

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <SelectField
        {...common}
        name="division_id"
        label={t('register.fields.division_id')}
        placeholder={t('register.placeholders.choose')}
        data={options(divisions, lang)}
        onValueChange={() => clear('zilla_id', 'upozilla_id')}
      />
      <SelectField
        {...common}
        name="zilla_id"
        label={t('register.fields.zilla_id')}
        placeholder={divisionId ? t('register.placeholders.choose') : t('register.placeholders.chooseDivisionFirst')}
        data={options(districtsOf(Number(divisionId)), lang)}
        disabled={!divisionId}
        onValueChange={() => clear('upozilla_id')}
      />
      <SelectField
        {...common}
        name="upozilla_id"
        label={t('register.fields.upozilla_id')}
        placeholder={districtId ? t('register.placeholders.choose') : t('register.placeholders.chooseDistrictFirst')}
        data={options(upazilasOf(Number(districtId)), lang)}
        disabled={!districtId}
      />
    </SimpleGrid>
  );
}
