/**
 * Boys and girls per class as bars (the admin dashboard): plain elements sized in percent, no chart
 * library; its own lazy chunk all the same. Every bar's number is written beside it, and the whole
 * picture is described for screen readers.
 */
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassAnalytics } from '../../../common/schemas/registrations';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';

const COLORS = { boys: 'var(--mantine-color-blue-6)', girls: 'var(--mantine-color-grape-6)' };

export default function ClassChart({ rows }: { rows: readonly ClassAnalytics[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const max = Math.max(0, ...rows.flatMap((row) => [row.male, row.female]));
  const description = rows.map((row) => t('analytics.chart.row', { class: classLabel(t, row.class), boys: n(row.male), girls: n(row.female) })).join('; ');
  const boys = t('analytics.byClass.boys');
  const girls = t('analytics.byClass.girls');

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="class-chart">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('analytics.chart.title')}
          </Title>
          <Group gap="md" aria-hidden>
            {[
              [boys, COLORS.boys],
              [girls, COLORS.girls],
            ].map(([label, color]) => (
              <Group key={label} gap={6}>
                <Box w={12} h={12} bg={color} style={{ borderRadius: 3 }} />
                <Text size="sm">{label}</Text>
              </Group>
            ))}
          </Group>
        </Group>
        <Stack gap="lg" role="img" aria-label={description}>
          {rows.map((row) => (
            <Stack key={row.class} gap={6}>
              <Text size="sm" fw={600} aria-hidden>
                {classLabel(t, row.class)}
              </Text>
              <ChartRow label={boys} value={row.male} max={max} color={COLORS.boys} n={n} />
              <ChartRow label={girls} value={row.female} max={max} color={COLORS.girls} n={n} />
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ChartRow({ label, value, max, color, n }: { label: string; value: number; max: number; color: string; n: (value: number) => string }) {
  const width = max > 0 ? Math.max((value / max) * 100, value > 0 ? 1.5 : 0) : 0;
  return (
    <Group gap="xs" wrap="nowrap" aria-hidden>
      <Text size="xs" c="dimmed" w={48} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box h={18} style={{ flex: 1, minWidth: 0, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}>
        <Box h="100%" w={`${width}%`} bg={color} style={{ borderRadius: 4 }} />
      </Box>
      <Text size="sm" fw={600} miw={40} ta="end" style={{ flexShrink: 0 }}>
        {n(value)}
      </Text>
    </Group>
  );
}
