/**
 * Page content as HTML. Only for HTML the server has sanitised before storing it (architecture §2:
 * sanitize-html on store and update), which is all the page-build API ever returns.
 */
import { Typography, type BoxProps } from '@mantine/core';

export function SafeHtml({ html, testId, ...box }: BoxProps & { html: string; testId?: string }) {
  return (
    <Typography {...box} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
