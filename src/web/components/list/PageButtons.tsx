/**
 * Page buttons under a list a screen pages itself (a sheet's rows, a statement's lines, a merit list):
 * numbered in the interface's digits, nothing when there is one page. The resource lists use
 * ListPagination, which follows the server's page urls.
 */
import { Center, Pagination } from '@mantine/core';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';

export function PageButtons({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const lang = useLanguage();
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination
        total={total}
        value={page}
        onChange={onChange}
        size="sm"
        siblings={1}
        boundaries={1}
        getItemProps={(item) => ({ children: formatNumber(item, lang) })}
      />
    </Center>
  );
}
