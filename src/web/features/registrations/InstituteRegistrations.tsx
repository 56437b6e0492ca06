/** The institute dashboard's registration list (spec §2): the registrations list, compact. Its own lazy chunk. */
import { useTranslation } from 'react-i18next';
import { registrations } from './registrations';
import { ResourceList } from '../../resources/ResourceList';

export default function InstituteRegistrations() {
  const { t } = useTranslation();
  return <ResourceList resource={registrations} compact title={t('analytics.studentsTitle')} />;
}
