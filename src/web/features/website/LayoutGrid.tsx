/**
 * The page builder's rows as the public site lays them out: each row's cells side by side in
 * twelfths (12, 4+4+4, 3+3+3+3, 6+6), stacked one under another on a phone.
 */
import { Grid, Paper } from '@mantine/core';
import type { PageLayout } from '../../../common/schemas/pages';
import { columnSpans } from './layoutRows';
import { SafeHtml } from './SafeHtml';

export function LayoutGrid({ layout }: { layout: PageLayout }) {
  return (
    <>
      {layout.rows.map((row, rowIndex) => (
        <Grid key={rowIndex} gap="md" data-testid="layout-row" data-layout={row.layout}>
          {columnSpans(row.layout).map((span, cell) => (
            <Grid.Col key={cell} span={{ base: 12, sm: span }}>
              <Paper withBorder p="sm" h="100%" data-testid="layout-cell">
                <SafeHtml html={row.cells[cell] ?? ''} />
              </Paper>
            </Grid.Col>
          ))}
        </Grid>
      ))}
    </>
  );
}
