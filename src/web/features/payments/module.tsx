/**
 * The payments section (spec §2 Scholarship payments): list, create, edit/{id}, details {id}. Its
 * menu has New Payment although the list has no Add New button.
 */
import { IconList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { payments } from './definition';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { ResourceScreens } from '../../resources/ResourceModule';

export default function PaymentsModule() {
  const { t } = useTranslation();
  return (
    <ModuleLayout
      title={t('nav.payments')}
      menu={[
        { label: t('resources.payments.list'), to: payments.href.list, icon: IconList },
        { label: t('resources.payments.create'), to: payments.href.create, icon: IconPlus },
      ]}
    >
      <ResourceScreens resource={payments} />
    </ModuleLayout>
  );
}
