/**
 * The admin's results screen `/results` (docs/integrators/results.md): the grading rules per class, marks entry's
 * progress, processing with its preview, publication (and what blocks it), the scholarships' amounts, awards and
 * letters, and the merit list once processed.
 */
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/FullPageLoader';
import { resultsQuery } from './api';
import { AwardsPanel } from './AwardsPanel';
import { LoadFailed } from '../../components/LoadFailed';
import { MarksProgress } from './MarksProgress';
import { MeritList } from './MeritList';
import { ProcessPanel } from './ProcessPanel';
import { PublishPanel } from './PublishPanel';
import { RulesForm } from './RulesForm';

export function ResultsScreen() {
  const { t } = useTranslation();
  const view = useQuery(resultsQuery);
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h3">
        {t('nav.results')}
      </Title>
      {view.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : view.isError ? (
        <LoadFailed title={t('results.loadFailed')} error={view.error} retry={() => void view.refetch()} />
      ) : (
        <>
          <Title order={3} size="h5">
            {t('results.rules.title')}
          </Title>
          {/* Saved rules start the form again from what the server kept. */}
          <RulesForm key={JSON.stringify(view.data.rules)} rules={view.data.rules} published={view.data.published} />
          <MarksProgress />
          <ProcessPanel view={view.data} />
          <PublishPanel view={view.data} />
          <AwardsPanel />
          {view.data.summary && <MeritList />}
        </>
      )}
    </Stack>
  );
}
