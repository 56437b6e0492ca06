/** The seat plan screen: the allocation, moving a centre's students, and the seat list of a centre or an institute. */
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { examQuery } from '../../api/exam';
import { FullPageLoader } from '../../components/FullPageLoader';
import { AllocationPanel } from './AllocationPanel';
import { LoadFailed } from '../../components/LoadFailed';
import { MoveSeatsForm } from './MoveSeatsForm';
import { SeatList } from './SeatList';
import { useCentreChoices } from './useCentreChoices';

export function SeatsScreen() {
  const { t } = useTranslation();
  const exam = useQuery(examQuery);
  const choices = useCentreChoices();
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('exam.allocation.title')}
      </Title>
      {exam.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : exam.isError ? (
        <LoadFailed title={t('exam.loadFailed')} error={exam.error} retry={() => void exam.refetch()} />
      ) : (
        <>
          <AllocationPanel exam={exam.data} centreNames={choices.names} />
          <MoveSeatsForm rows={choices.rows} />
          <SeatList centres={choices.rows} />
        </>
      )}
    </Stack>
  );
}
