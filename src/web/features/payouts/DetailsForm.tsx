/**
 * A winner's payout details (docs/integrators/payouts.md): a guardian's bKash or Nagad wallet, or a bank account
 * with its branch's routing number, and the guardian's name. The server checks every field (422 per field,
 * shown under each); numbers are kept as typed, Bengali digits included.
 */
import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutDetailsBody } from '../../../common/schemas/payouts';
import { ApiError } from '../../api/client';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { PAYOUTS_KEY, type PayoutWinner, saveDetails } from './api';

type Fields = Required<{ [K in keyof PayoutDetailsBody]: string }>;

const initial = (winner: PayoutWinner): Fields => ({
  method: winner.details?.method ?? 'wallet',
  wallet_provider: winner.details?.wallet_provider ?? 'bkash',
  wallet_number: winner.details?.wallet_number ?? '',
  account_name: winner.details?.account_name ?? '',
  account_number: winner.details?.account_number ?? '',
  bank_name: winner.details?.bank_name ?? '',
  branch_name: winner.details?.branch_name ?? '',
  routing_number: winner.details?.routing_number ?? '',
  guardian_name: winner.details?.guardian_name ?? '',
});

export function DetailsForm({ winner, onClose }: { winner: PayoutWinner; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => initial(winner));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: () => saveDetails(winner.registration_id, fields),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      else notifyError(failureMessage(error));
    },
  });
  const input = (name: keyof Fields, hint?: string, numeric = false) => (
    <TextInput
      label={t(`payouts.form.${name}`)}
      description={hint}
      value={fields[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: [] }));
      }}
      error={errors[name]?.join(' ') || undefined}
      inputMode={numeric ? 'numeric' : undefined}
      required
      data-testid={`payout-${name}`}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t('payouts.form.title', { name: winner.name, roll: localizeDigits(winner.roll_no, lang) })} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={fields.method}
            onChange={(method) => setFields((current) => ({ ...current, method }))}
            data={(['wallet', 'bank'] as const).map((method) => ({ value: method, label: t(`payouts.form.methods.${method}`) }))}
            data-testid="payout-method"
          />
          {fields.method === 'wallet' ? (
            <>
              <SegmentedControl
                fullWidth
                value={fields.wallet_provider}
                onChange={(provider) => setFields((current) => ({ ...current, wallet_provider: provider }))}
                data={(['bkash', 'nagad'] as const).map((provider) => ({ value: provider, label: t(`payouts.form.providers.${provider}`) }))}
                aria-label={t('payouts.form.wallet_provider')}
              />
              {input('wallet_number', t('payouts.form.wallet_hint'), true)}
            </>
          ) : (
            <>
              {input('account_name')}
              {input('account_number', undefined, true)}
              {input('bank_name')}
              {input('branch_name')}
              {input('routing_number', t('payouts.form.routing_hint'), true)}
            </>
          )}
          {input('guardian_name')}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('payouts.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="payout-save">
              {t('payouts.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
