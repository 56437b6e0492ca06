/**
 * A reconciled statement (docs/integrators/statements.md): what was read, the five lists with their
 * counts (matched, amount differs, not filed, filed but not in the statement, already approved),
 * "approve all matched" with the job's progress read from the server, and its result.
 */
import { Alert, Anchor, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { STATEMENT_LISTS, type StatementList, type StatementSummary } from '../../../../common/schemas/statements';
import { ANALYTICS_KEY } from '../../../api/analytics';
import { useWatchedJob } from '../../../api/jobs';
import { failureMessage, notifyError } from '../../../components/notify';
import { useLanguage } from '../../../i18n';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { payments } from '../payments';
import { StatementLines } from './StatementLines';
import { approveMatched, statementKey, statementQuery } from './statementsApi';

const refreshAfterApproval = (queryClient: QueryClient, id: number) =>
  Promise.all([statementKey(id), payments.queries.all, ANALYTICS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const LIST_COLORS: Record<StatementList, string> = { matched: 'teal', amount_differs: 'orange', not_filed: 'red', missing: 'yellow', approved: 'blue' };

function Counts({ summary, list, onList }: { summary: StatementSummary; list: StatementList; onList: (list: StatementList) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" role="group" aria-label={t('reconcile.lists.label')} data-testid="statement-counts">
      {STATEMENT_LISTS.map((key) => (
        <UnstyledButton key={key} onClick={() => onList(key)} aria-pressed={list === key} data-testid={`statement-count-${key}`}>
          <Paper
            withBorder
            p="sm"
            radius="md"
            h="100%"
            bg={list === key ? `${LIST_COLORS[key]}.0` : undefined}
            style={{ borderInlineStart: `4px solid var(--mantine-color-${LIST_COLORS[key]}-6)` }}
          >
            <Text size="xs" c="dimmed">
              {t(`reconcile.lists.${key}`)}
            </Text>
            <Text fw={700} fz="xl">
              {formatNumber(summary.counts[key], lang)}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function Approval({ summary }: { summary: StatementSummary }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const n = (value: number) => formatNumber(value, lang);
  const { approval } = summary;
  // When the job ends, the lists, the payments and the dashboard's money are asked again.
  const watched = useWatchedJob(approval.state === 'running' ? approval.job_id : null, () => void refreshAfterApproval(queryClient, summary.id));
  const approve = useMutation({
    mutationFn: () => approveMatched(summary.id),
    onSuccess: (next) => {
      queryClient.setQueryData(statementKey(summary.id), next);
      if (next.approval.job_id !== null) watched.watch(next.approval.job_id);
    },
    onError: (error) => notifyError(failureMessage(error)),
  });

  // Running until the statement, asked again when the job ends, says otherwise.
  if (approval.state === 'running' || watched.state === 'running') {
    const done = watched.job?.done ?? approval.done;
    const total = watched.job?.total ?? approval.total;
    const percent = total > 0 ? Math.round((done / total) * 100) : 100;
    return (
      <Stack gap={4} data-testid="statement-approval-progress">
        <Text size="sm" aria-live="polite">
          {t('reconcile.approve.running', { done: n(done), total: n(total) })}
        </Text>
        <Progress value={percent} animated striped aria-label={t('reconcile.approve.progressLabel')} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {approval.state === 'done' && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={t('reconcile.approve.doneTitle')}
          data-testid="statement-approval-done"
        >
          <Text size="sm">{t('reconcile.approve.done', { approved: n(approval.approved) })}</Text>
          {approval.skipped > 0 && <Text size="sm">{t('reconcile.approve.skipped', { skipped: n(approval.skipped) })}</Text>}
        </Alert>
      )}
      {approval.state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('reconcile.approve.failed')}
        </Alert>
      )}
      {/* A finished run is not started again (the server answers 409): its report stays. */}
      {summary.state === 'ready' &&
        (summary.counts.matched > 0 && approval.state !== 'done' ? (
          <Group>
            <Button
              leftSection={<IconChecks size={18} aria-hidden />}
              onClick={() =>
                // Dozens of payments approved and as many SMS sent: one tap should not do it by mistake.
                modals.openConfirmModal({
                  title: t('reconcile.approve.confirmTitle'),
                  children: <Text size="sm">{t('reconcile.approve.confirmBody', { number: n(summary.counts.matched) })}</Text>,
                  labels: { confirm: t('reconcile.approve.confirm', { number: n(summary.counts.matched) }), cancel: t('reconcile.approve.cancel') },
                  // Spread in: Mantine's button props do not name data attributes, which the button passes on all the same.
                  confirmProps: { color: 'teal', ...{ 'data-testid': 'confirm-statement-approve' } },
                  onConfirm: () => approve.mutate(),
                })
              }
              loading={approve.isPending}
              data-testid="statement-approve"
            >
              {t('reconcile.approve.button', { number: n(summary.counts.matched) })}
            </Button>
          </Group>
        ) : (
          approval.state !== 'done' && (
            <Text size="sm" c="dimmed">
              {t('reconcile.approve.nothing')}
            </Text>
          )
        ))}
    </Stack>
  );
}

export function StatementScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = Number(useParams().id);
  const statement = useQuery(statementQuery(id));
  const [list, setList] = useState<StatementList>('matched');
  const [page, setPage] = useState(1);
  const n = (value: number) => formatNumber(value, lang);
  const summary = statement.data;

  if (statement.isPending) return <Loader m="xl" />;
  if (!summary)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {t('reconcile.loadFailed')} {failureMessage(statement.error)}
      </Alert>
    );

  return (
    <Stack gap="md" maw={1100} data-testid="statement">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} size="h4">
            {t('reconcile.title')}
          </Title>
          <Group gap={6} wrap="nowrap">
            <IconFileSpreadsheet size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="statement-file">
              {summary.file_name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              t('reconcile.summary.format', { name: summary.format.name }),
              t('reconcile.summary.lines', { lines: n(summary.lines) }),
              summary.skipped > 0 ? t('reconcile.summary.skipped', { skipped: n(summary.skipped) }) : null,
              t('reconcile.summary.uploaded', { at: formatDateTime(summary.created_at, lang) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Anchor component={Link} to={`${payments.path}/reconcile`} size="sm">
          {t('reconcile.another')}
        </Anchor>
      </Group>
      {summary.state === 'replaced' ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('reconcile.summary.replaced')}
        </Alert>
      ) : (
        <>
          <Counts
            summary={summary}
            list={list}
            onList={(next) => {
              setList(next);
              setPage(1);
            }}
          />
          <Approval summary={summary} />
          <Title order={3} size="h5">
            {t(`reconcile.lists.${list}`)}
          </Title>
          <StatementLines statementId={id} list={list} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
