/**
 * Publishing the result (docs/integrators/results.md): once processed, "publish" asks first, then starts the
 * job that writes the public snapshot (its progress asked every second); "unpublish" asks first and
 * takes the result off the public site at once. A refusal (not processed, a job running) says why.
 * Missing marks block publication: the panel names them, and the dialog then asks for the reason to
 * withhold those candidates' results, the only way to publish without them.
 */
import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconWorldUpload, IconWorldOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../api/client';
import { jobFailure, useWatchedJob } from '../../api/jobs';
import { JobStatus } from '../../components/JobProgress';
import { failureMessage, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { marksProgressQuery, publicationBlockers, RESULTS_KEY, type ResultsView } from './api';

type Blockers = ReturnType<typeof publicationBlockers>;

/** The classes and subjects with missing marks, one line a class. */
function BlockerList({ blockers }: { blockers: Blockers }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <List size="sm" data-testid="results-publish-blockers">
      {blockers.map((klass) => (
        <List.Item key={klass.class}>
          {t('results.publish.blockedClass', {
            class: classLabel(t, klass.class),
            number: n(klass.candidates),
            subjects: klass.subjects
              .map((subject) => `${lang === 'bn' ? subject.name_bn : subject.name_en || subject.name_bn} ${n(subject.missing)}`)
              .join(', '),
          })}
        </List.Item>
      ))}
    </List>
  );
}

/** The dialog when marks are missing: what is withheld, and why (required). */
function WithholdDialog({ blockers, onConfirm, onCancel }: { blockers: Blockers; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Stack gap="sm">
      <BlockerList blockers={blockers} />
      <Text size="sm">{t('results.publish.withholdBody')}</Text>
      <Textarea
        label={t('results.publish.reason')}
        description={t('results.publish.reasonHint')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
        required
        data-testid="results-withhold-reason"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('results.publish.cancel')}
        </Button>
        <Button color="orange" disabled={reason.trim() === ''} onClick={() => onConfirm(reason.trim())} data-testid="confirm-results-withhold">
          {t('results.publish.confirmWithhold')}
        </Button>
      </Group>
    </Stack>
  );
}

export function PublishPanel({ view }: { view: ResultsView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const progress = useQuery({ ...marksProgressQuery, enabled: !view.published });
  const blockers = progress.data ? publicationBlockers(progress.data) : [];
  const withheld = (progress.data?.classes ?? []).reduce((sum, klass) => sum + klass.withheld, 0);
  const { job, state, watch } = useWatchedJob(view.jobs.publish?.id ?? null, () => void queryClient.invalidateQueries({ queryKey: RESULTS_KEY }));

  const send = async (published: 0 | 1, withholdReason?: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const body = withholdReason ? { published, withhold_reason: withholdReason } : { published };
      const { message, data } = await apiRequest<{ job_id?: number; published?: boolean }>('/v1/results/publish', { body });
      // A withholding changes the progress's withheld counts.
      if (withholdReason) void queryClient.invalidateQueries({ queryKey: marksProgressQuery.queryKey });
      if (data.job_id) watch(data.job_id);
      else await queryClient.invalidateQueries({ queryKey: RESULTS_KEY });
      notifySuccess(message);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const ask = (published: 0 | 1) => {
    if (published && blockers.length > 0) {
      const id = modals.open({
        title: t('results.publish.withholdTitle'),
        children: (
          <WithholdDialog
            blockers={blockers}
            onCancel={() => modals.close(id)}
            onConfirm={(reason) => {
              modals.close(id);
              void send(1, reason);
            }}
          />
        ),
      });
      return;
    }
    const which = published ? 'On' : 'Off';
    modals.openConfirmModal({
      title: t(`results.publish.confirm${which}Title`),
      children: <Text size="sm">{t(`results.publish.confirm${which}Body`)}</Text>,
      labels: { confirm: t(`results.publish.confirm${which}`), cancel: t('results.publish.cancel') },
      confirmProps: { color: published ? 'teal' : 'red', 'data-testid': 'confirm-results-publish' },
      onConfirm: () => void send(published),
    });
  };

  const running = busy || state === 'running';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg={view.published ? 'teal.0' : undefined} data-testid="results-publish">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.publish.title')}
        </Title>
        <Text size="sm" c={view.published ? 'teal.9' : 'dimmed'} data-testid="results-publish-state">
          {view.published
            ? t('results.publish.on', { at: view.published_at ? formatDateTime(view.published_at, lang) : '' })
            : view.processed_at
              ? t('results.publish.ready')
              : t('results.publish.notProcessed')}
        </Text>
        {!view.published && blockers.length > 0 && (
          <Alert color="orange" variant="light" title={t('results.publish.blocked')} data-testid="results-publish-blocked">
            <Stack gap={6}>
              <BlockerList blockers={blockers} />
              <Text size="sm">{t('results.publish.blockedHint')}</Text>
            </Stack>
          </Alert>
        )}
        {!view.published && blockers.length === 0 && withheld > 0 && (
          <Text size="sm" c="orange.9" data-testid="results-publish-withheld">
            {t('results.publish.withheldCount', { number: formatNumber(withheld, lang) })}
          </Text>
        )}
        <Group>
          {view.published ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconWorldOff size={18} aria-hidden />}
              onClick={() => ask(0)}
              loading={busy}
              data-testid="results-unpublish"
            >
              {t('results.publish.unpublish')}
            </Button>
          ) : (
            <Button
              color="teal"
              leftSection={<IconWorldUpload size={18} aria-hidden />}
              onClick={() => ask(1)}
              loading={busy}
              disabled={running}
              data-testid="results-publish-button"
            >
              {t('results.publish.publish')}
            </Button>
          )}
        </Group>
        {refusal && (
          <Alert color="red" variant="light" data-testid="results-publish-refused">
            {refusal}
          </Alert>
        )}
        <JobStatus
          job={job}
          caption={t('results.publish.running')}
          label={t('results.publish.progressLabel')}
          failed={(ended) => t('results.publish.failed', { reason: jobFailure(ended.error) })}
          testId="results-publish-progress"
        />
      </Stack>
    </Paper>
  );
}
