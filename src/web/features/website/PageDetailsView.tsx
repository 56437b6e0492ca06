/**
 * A page's details (spec §2): its photo, ID, title, url, publish time, type, the content rendered
 * as HTML, the page builder's rows, and the PDF and source links. Edit, Back and Print come from
 * the shared details screen.
 */
import { Anchor, Image, List, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RowOf } from '../../../common/resources';
import { publishedAtInput } from '../../../common/schemas/pages';
import { DetailsTable } from '../../components/details/DetailsTable';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { showId } from '../../resources/columns';
import { StatusBadge } from '../../resources/ResourceList';
import { LayoutGrid } from './LayoutGrid';
import { PageLink } from './PageLink';
import { storedFileHref } from './publicAddress';
import { SafeHtml } from './SafeHtml';

const sourceLinks = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((link) => link.trim())
    .filter(Boolean);

export function PageDetailsView({ row }: { row: RowOf<'pages'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const meta = row.content_meta;
  const links = sourceLinks(row.source_files_url);

  const entries = [
    { label: t('fields.id'), value: showId(row.id, { t, lang }) },
    { label: t('pages.fields.title'), value: row.title },
    { label: t('pages.fields.url'), value: <PageLink url={row.url} /> },
    // Spec §5: shown as YYYY-MM-DD HH:mm, in Bangladesh time.
    { label: t('pages.details.publishedAt'), value: localizeDigits(publishedAtInput(row.published_at).replace('T', ' '), lang) },
    { label: t('pages.details.contentType'), value: t(`pages.contentTypes.${meta.content_type}`) },
    { label: t('fields.status'), value: <StatusBadge status={row.status} /> },
    {
      label: t('pages.details.pdf'),
      value: row.content_file ? (
        <Anchor href={storedFileHref(row.content_file)} target="_blank" rel="noopener noreferrer" size="sm" data-testid="page-pdf-link">
          {t('pages.details.openPdf')}
        </Anchor>
      ) : null,
    },
    {
      label: t('pages.details.sourceFiles'),
      value: links.length ? (
        <List size="sm" spacing={2}>
          {links.map((link) => (
            <List.Item key={link}>
              <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" lang="en">
                {link}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : null,
    },
  ];

  return (
    <Stack gap="md" data-testid="page-details">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-plain">
        <Stack gap="md">
          {row.image && (
            <Image
              src={storedFileHref(row.image)}
              alt={t('pages.details.imageAlt', { title: row.title })}
              radius="sm"
              maw={360}
              fit="contain"
              data-testid="page-image"
            />
          )}
          <DetailsTable entries={entries} />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-plain">
        <Title order={3} size="h5" mb="sm">
          {t('pages.details.content')}
        </Title>
        {row.content ? <SafeHtml html={row.content} testId="page-content" /> : <span>{t('pages.details.noContent')}</span>}
      </Paper>
      {row.layout.rows.length > 0 && (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-plain">
          <Title order={3} size="h5" mb="sm">
            {t('pages.details.layout')}
          </Title>
          <Stack gap="md">
            <LayoutGrid layout={row.layout} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
