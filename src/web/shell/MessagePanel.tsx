/** A section's place-holder or refusal: an icon, a title and one sentence, inside the shell. */
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';

export function MessagePanel(props: {
  icon: ReactNode;
  color: string;
  title: string;
  body: string;
  /** 2 when the page above already has its own heading. */
  headingOrder?: 1 | 2;
  backToDashboard?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" data-testid={props.testId}>
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color={props.color}>
          {props.icon}
        </ThemeIcon>
        <Title order={props.headingOrder ?? 1} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" maw={460}>
          {props.body}
        </Text>
        {props.backToDashboard && (
          <Button component={Link} to={paths.dashboard} variant="light" mt="sm">
            {t('guard.toDashboard')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
