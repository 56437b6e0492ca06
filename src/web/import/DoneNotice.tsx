/**
 * The notice an import ends with (the sheets' and the photos'): what was stored and refused, "start
 * again", and what the screen adds before it (the refused rows' file) and after it (a link to the list).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  title?: string;
  text: string;
  again: string;
  onAgain: () => void;
  /** The notice's test id. */
  testId: string;
  before?: ReactNode;
  after?: ReactNode;
};

export function DoneNotice({ title, text, again, onAgain, testId, before, after }: Props) {
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={title} data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Group gap="sm">
          {before}
          <Button variant="default" onClick={onAgain}>
            {again}
          </Button>
          {after}
        </Group>
      </Stack>
    </Alert>
  );
}
