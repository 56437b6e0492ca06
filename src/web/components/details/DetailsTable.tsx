/** A record shown as label / value rows (spec §2: 'Details shows a table with ID and Title'). */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailsEntry = { label: string; value: ReactNode };

export function DetailsTable({ entries }: { entries: readonly DetailsEntry[] }) {
  return (
    <Table withTableBorder withColumnBorders variant="vertical" layout="fixed" verticalSpacing="sm" data-testid="details-table">
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.label}>
            <Table.Th w={{ base: 120, sm: 220 }} style={{ verticalAlign: 'top' }}>
              {entry.label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {entry.value === null || entry.value === undefined || entry.value === '' ? '—' : entry.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
