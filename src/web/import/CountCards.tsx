/** A report's counts as cards, two a row on a phone, each with its colour bar: the sheet import's and the bulk photos'. */
import { Paper, SimpleGrid, Text } from '@mantine/core';

export type CountCard = { key: string; color: string; label: string; value: string };

/** Test ids: `{testId}-counts` and `{testId}-count-{key}`. */
export function CountCards({ cards, testId }: { cards: readonly CountCard[]; testId: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: cards.length }} spacing="sm" data-testid={`${testId}-counts`}>
      {cards.map((card) => (
        <Paper
          key={card.key}
          withBorder
          p="sm"
          radius="md"
          style={{ borderInlineStart: `4px solid var(--mantine-color-${card.color}-6)` }}
          data-testid={`${testId}-count-${card.key}`}
        >
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl">
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
