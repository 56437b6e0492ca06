/**
 * Pagination of spec §2: Previous/Next on small screens; on larger ones 'Showing {from} to {to} of
 * {total} results', the server's numbered links with the current page marked, arrows and the page
 * size. Each button follows its server url as given (spec §7): its page, and the keyset (`after_id`)
 * the server put in the next page's url.
 */
import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../common/constants';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { numberedLinks, pageTargetOf, type PageTarget, type Paginated } from './listQuery';

type Props = {
  page: Paginated<unknown>;
  pageSize: number;
  onPage: (target: PageTarget) => void;
  onPageSize: (size: number) => void;
};

export function ListPagination({ page, pageSize, onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const previous = pageTargetOf(page.prev_page_url);
  const next = pageTargetOf(page.next_page_url);
  const go = (target: PageTarget | null) => () => {
    if (target !== null) onPage(target);
  };
  const n = (value: number) => formatNumber(value, lang);
  const sizeId = useId();

  return (
    <nav aria-label={t('pagination.label')} data-testid="pagination">
      {/* Small screens: Previous and Next only. */}
      <Group hiddenFrom="sm" justify="space-between" gap="xs">
        <Button variant="default" size="sm" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={previous === null} onClick={go(previous)}>
          {t('pagination.previous')}
        </Button>
        <Button variant="default" size="sm" rightSection={<IconChevronRight size={16} aria-hidden />} disabled={next === null} onClick={go(next)}>
          {t('pagination.next')}
        </Button>
      </Group>

      <Group visibleFrom="sm" justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="pagination-summary">
          {t(page.total_capped ? 'pagination.showingMany' : 'pagination.showing', { from: n(page.from ?? 0), to: n(page.to ?? 0), total: n(page.total) })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={t('pagination.previousPage')} disabled={previous === null} onClick={go(previous)}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            {numberedLinks(page.links).map((link, index) =>
              link.target === null ? (
                <Text key={`gap-${index}`} component="span" px={4} c="dimmed" aria-hidden>
                  …
                </Text>
              ) : (
                <Button
                  key={link.target.page}
                  size="compact-md"
                  miw={34}
                  px={8}
                  variant={link.active ? 'filled' : 'default'}
                  aria-current={link.active ? 'page' : undefined}
                  aria-label={t('pagination.page', { page: n(link.target.page) })}
                  onClick={go(link.target)}
                >
                  {n(link.target.page)}
                </Button>
              ),
            )}
            <ActionIcon variant="default" size="lg" aria-label={t('pagination.nextPage')} disabled={next === null} onClick={go(next)}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text component="label" htmlFor={sizeId} size="sm" c="dimmed">
              {t('pagination.perPage')}
            </Text>
            <NativeSelect
              id={sizeId}
              value={String(pageSize)}
              onChange={(event) => onPageSize(Number(event.currentTarget.value))}
              data={PAGE_SIZES.map((size) => ({ value: String(size), label: n(size) }))}
              size="sm"
              w={76}
              data-testid="page-size"
            />
          </Group>
        </Group>
      </Group>
    </nav>
  );
}
