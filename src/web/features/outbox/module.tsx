/** The outbox section (its own lazy chunk): all messages, the lists by channel and state, each message's details. */
import { IconList, IconMapQuestion, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, useParams } from 'react-router';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { ResourceList } from '../../resources/ResourceList';
import { ResourceScreens } from '../../resources/ResourceModule';
import type { MenuEntry } from '../../resources/types';
import { MessagePanel } from '../../shell/MessagePanel';
import { BulkSends } from './BulkSends';
import { outbox } from './outbox';
import { isOutboxFilter, OUTBOX_FILTERS, outboxFilterTypes } from './filters';

const filterPath = (type: string) => `${outbox.href.list}/filter/${type}`;

function FilteredList() {
  const { t } = useTranslation();
  const { type } = useParams();
  if (!isOutboxFilter(type)) {
    return <MessagePanel icon={<IconMapQuestion size={30} />} color="gray" title={t('guard.notFoundTitle')} body={t('guard.notFound')} headingOrder={2} />;
  }
  // Keyed by type: each list starts from its own first page.
  return <ResourceList key={type} resource={outbox} filters={OUTBOX_FILTERS[type].filters} title={t(`outbox.filterTitles.${type}`)} />;
}

export default function OutboxModule() {
  const { t } = useTranslation();
  const group = t('outbox.filterGroup');
  const menu: MenuEntry[] = [
    { label: t('resources.outbox.list'), to: outbox.href.list, icon: IconList },
    { label: t('outbox.sends.menu'), to: `${outbox.href.list}/sends`, icon: IconMessages },
    ...outboxFilterTypes.map((type) => ({ label: t(`outbox.filters.${type}`), to: filterPath(type), icon: OUTBOX_FILTERS[type].icon, group })),
  ];
  return (
    <ModuleLayout title={t('nav.outbox')} menu={menu}>
      <ResourceScreens resource={outbox}>
        <Route path="filter/:type" element={<FilteredList />} />
        <Route path="sends" element={<BulkSends />} />
      </ResourceScreens>
    </ModuleLayout>
  );
}
