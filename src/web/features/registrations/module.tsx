/**
 * The registrations section (spec §2 Scholarship registrations): list, filter/{type}, create,
 * edit/{id} and details {id}. Its menu: All List with the number of students the approved payments
 * cover (architecture §5), New Registration, and the pre-filtered lists.
 */
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconList, IconMapQuestion, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Route, useParams } from 'react-router';
import { analyticsQuery } from '../../api/analytics';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { isRegistrationFilter, REGISTRATION_FILTERS, registrationFilterTypes } from './filters';
import { MessagePanel } from '../../shell/MessagePanel';
import { registrations } from './registrations';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { ResourceScreens } from '../../resources/ResourceModule';
import { ResourceList } from '../../resources/ResourceList';
import { ImportScreen } from './import/ImportScreen';
import { PhotosScreen } from './photos/PhotosScreen';
import type { MenuEntry } from '../../resources/types';

const filterPath = (type: string) => `${registrations.href.list}/filter/${type}`;

function FilteredList() {
  const { t } = useTranslation();
  const { type } = useParams();
  if (!isRegistrationFilter(type)) {
    return <MessagePanel icon={<IconMapQuestion size={30} />} color="gray" title={t('guard.notFoundTitle')} body={t('guard.notFound')} headingOrder={2} />;
  }
  const filter: { filters?: Readonly<Record<string, string>>; status?: 0 } = REGISTRATION_FILTERS[type];
  // Keyed by type: each list starts from its own first page.
  return <ResourceList key={type} resource={registrations} filters={filter.filters} status={filter.status} title={t(`registrations.filterTitles.${type}`)} />;
}

/** How many students the approved payments cover, beside All List. */
function PaidBadge() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const analytics = useQuery(analyticsQuery());
  if (!analytics.data) return null;
  const number = formatNumber(analytics.data.paid_registrations, lang);
  const meaning = t('registrations.menu.paid', { number });
  return (
    <Badge size="sm" variant="light" color="teal" miw="max-content" title={meaning} data-testid="paid-badge">
      {/* Labelled: a bare number beside "সব নিবন্ধন" reads as the list's total. */}
      <span aria-hidden>{t('registrations.menu.paidBadge', { number })}</span>
      <VisuallyHidden>{meaning}</VisuallyHidden>
    </Badge>
  );
}

export default function RegistrationsModule() {
  const { t } = useTranslation();
  const group = t('registrations.menu.filters');
  const menu: MenuEntry[] = [
    { label: t('resources.registrations.list'), to: registrations.href.list, icon: IconList, badge: <PaidBadge /> },
    { label: t('resources.registrations.create'), to: registrations.href.create, icon: IconPlus },
    ...registrationFilterTypes.map((type) => ({
      label: t(`registrations.filters.${type}`),
      to: filterPath(type),
      icon: REGISTRATION_FILTERS[type].icon,
      group,
    })),
  ];
  return (
    <ModuleLayout title={t('nav.registrations')} menu={menu}>
      <ResourceScreens resource={registrations}>
        <Route path="filter/:type" element={<FilteredList />} />
        <Route path="import" element={<ImportScreen />} />
        <Route path="photos" element={<PhotosScreen />} />
      </ResourceScreens>
    </ModuleLayout>
  );
}
