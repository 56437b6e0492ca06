/**
 * The payments section (spec §2 Scholarship payments): list, create, edit/{id}, details {id}. Its
 * menu has New Payment although the list has no Add New button; an admin's also the statement
 * reconciliation (reconcile, reconcile/{id}).
 */
import { IconList, IconListCheck, IconLock, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route } from 'react-router';
import { useCurrentUser } from '../../auth/session';
import { MessagePanel } from '../../shell/MessagePanel';
import { payments } from './payments';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { ResourceScreens } from '../../resources/ResourceModule';
import { ReconcileScreen } from './reconcile/ReconcileScreen';
import { StatementScreen } from './reconcile/StatementScreen';

/** Reconciling statements is the admin's (the API answers an institute 403). */
function AdminOnly({ screen }: { screen: ReactNode }) {
  const { t } = useTranslation();
  if (useCurrentUser().role === 'admin') return screen;
  return <MessagePanel icon={<IconLock size={30} />} color="gray" title={t('guard.notAllowedTitle')} body={t('guard.notAllowed')} headingOrder={2} />;
}

export default function PaymentsModule() {
  const { t } = useTranslation();
  const isAdmin = useCurrentUser().role === 'admin';
  return (
    <ModuleLayout
      title={t('nav.payments')}
      menu={[
        { label: t('resources.payments.list'), to: payments.href.list, icon: IconList },
        { label: t('resources.payments.create'), to: payments.href.create, icon: IconPlus },
        ...(isAdmin ? [{ label: t('reconcile.button'), to: `${payments.path}/reconcile`, icon: IconListCheck }] : []),
      ]}
    >
      <ResourceScreens resource={payments}>
        <Route path="reconcile" element={<AdminOnly screen={<ReconcileScreen />} />} />
        <Route path="reconcile/:id" element={<AdminOnly screen={<StatementScreen />} />} />
      </ResourceScreens>
    </ModuleLayout>
  );
}
