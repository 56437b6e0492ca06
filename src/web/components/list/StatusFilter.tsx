/** Admins switch a list between active and deactivated records (architecture §5: status 1 / 0). */
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StatusFilter({ value, onChange }: { value: 0 | 1; onChange: (status: 0 | 1) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('list.statusLabel')}
      value={String(value)}
      onChange={(next) => onChange(next === '0' ? 0 : 1)}
      data={[
        { value: '1', label: t('list.active') },
        { value: '0', label: t('list.deactivated') },
      ]}
      data-testid="status-filter"
    />
  );
}
