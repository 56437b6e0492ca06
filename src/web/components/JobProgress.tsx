/**
 * A job's progress (architecture §9: long work shows progress): a bar and "what, done / total" in the
 * interface's digits; striped and moving while the total is not known yet.
 */
import { Progress, Stack, Text } from '@mantine/core';
import { useLanguage } from '../i18n';
import { formatNumber } from '../i18n/format';

export function JobProgress({ done, total, caption, label, testId }: { done: number; total: number | null; caption: string; label: string; testId?: string }) {
  const lang = useLanguage();
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, (done / total) * 100) : 100;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" aria-live="polite">
        {known ? `${caption} ${formatNumber(done, lang)} / ${formatNumber(total, lang)}` : caption}
      </Text>
      <Progress value={percent} animated={!known} striped={!known} size="md" aria-label={label} />
    </Stack>
  );
}
