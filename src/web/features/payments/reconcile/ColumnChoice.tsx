/**
 * The columns of a statement whose header row is new: which holds the transaction id, the amount and
 * the date, and a name for this kind of statement. The headers' own names suggest the first choice.
 */
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementFormatNeeded } from '../../../../common/schemas/statements';
import type { ColumnChoice as Choice } from './statementsApi';

type Props = {
  asked: StatementFormatNeeded;
  errors: Record<string, string[]>;
  busy: boolean;
  onChoose: (choice: Choice) => void;
  onCancel: () => void;
};

export function ColumnChoice({ asked, errors, busy, onChoose, onCancel }: Props) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>({
    format_name: '',
    transaction_column: asked.guess.transaction ?? '',
    amount_column: asked.guess.amount ?? '',
    date_column: asked.guess.date ?? '',
  });
  const options = asked.headers.map((header) => ({ value: header, label: header }));
  const set = (field: keyof Choice) => (value: string | null) => setChoice((current) => ({ ...current, [field]: value ?? '' }));
  const error = (field: string) => errors[field]?.join(' ');

  return (
    <Alert color="blue" variant="light" icon={<IconColumns aria-hidden />} title={t('reconcile.columns.title')} data-testid="statement-columns">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(choice);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('reconcile.columns.intro')}</Text>
          <TextInput
            label={t('reconcile.columns.name')}
            placeholder={t('reconcile.columns.namePlaceholder')}
            value={choice.format_name}
            onChange={(event) => set('format_name')(event.currentTarget.value)}
            error={error('format_name')}
            maxLength={60}
            required
            data-testid="statement-format-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
            <Select
              label={t('reconcile.columns.transaction')}
              data={options}
              value={choice.transaction_column || null}
              onChange={set('transaction_column')}
              error={error('transaction_column')}
              required
              allowDeselect={false}
              data-testid="statement-transaction-column"
            />
            <Select
              label={t('reconcile.columns.amount')}
              data={options}
              value={choice.amount_column || null}
              onChange={set('amount_column')}
              error={error('amount_column')}
              required
              allowDeselect={false}
              data-testid="statement-amount-column"
            />
            <Select
              label={t('reconcile.columns.date')}
              data={options}
              value={choice.date_column || null}
              onChange={set('date_column')}
              error={error('date_column')}
              clearable
              data-testid="statement-date-column"
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={busy} data-testid="statement-columns-submit">
              {t('reconcile.columns.submit')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('reconcile.columns.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
