/** A page's url as a link to it on the public website, in a new tab (spec §2). */
import { Anchor } from '@mantine/core';
import { publicPageHref } from './publicAddress';

export function PageLink({ url }: { url: string }) {
  return (
    <Anchor href={publicPageHref(url)} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Anchor>
  );
}
