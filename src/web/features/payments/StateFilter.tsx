/** An admin's choice of payments by approval: the pending ones first among them, to decide on. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATES } from '../../../common/constants';

export function StateFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('payments.stateFilter')}
      placeholder={t('payments.allStates')}
      data={PAYMENT_STATES.map((state) => ({ value: state, label: t(`payments.${state}`) }))}
      value={value || null}
      onChange={(chosen) => onChange(chosen ?? '')}
      clearable
      allowDeselect
      w={{ base: '100%', xs: 200 }}
      data-testid="state-filter"
    />
  );
}
