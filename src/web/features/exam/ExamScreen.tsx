/** The admin's exam screen: whether admit cards are out, then the exam form. */
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examQuery } from '../../api/exam';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadFailed } from '../../components/LoadFailed';
import { ExamForm } from './ExamForm';
import { PublishCard } from './PublishCard';

export function ExamScreen() {
  const { t } = useTranslation();
  const exam = useQuery(examQuery);
  const [saves, setSaves] = useState(0);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('exam.form.title')}
      </Title>
      {exam.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : exam.isError ? (
        <LoadFailed title={t('exam.loadFailed')} error={exam.error} retry={() => void exam.refetch()} />
      ) : (
        <>
          <PublishCard exam={exam.data} />
          {/* A saved exam starts the form again from what the server kept (new subjects have ids now); publishing leaves it be. */}
          <ExamForm key={saves} exam={exam.data} onSaved={() => setSaves((count) => count + 1)} />
        </>
      )}
    </Stack>
  );
}
