/**
 * The PageBuilder (spec §2, architecture §5): choose a page, then edit its grid: rows of 12,
 * 4+4+4, 3+3+3+3 or 6+6 columns with rich text in each cell, added, moved, re-laid-out and removed
 * (after a confirmation), saved with POST page-build/layout, which changes nothing else of the page.
 */
import { ActionIcon, Alert, Button, Grid, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import type { RowOf } from '../../../common/resources';
import { PAGE_LAYOUTS, type PageLayoutSaved } from '../../../common/schemas/pages';
import { ApiError, apiRequest } from '../../api/client';
import { RichTextEditor } from '../../components/editor/RichTextEditor';
import { FullPageLoader } from '../../components/FullPageLoader';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { RemoteSelect } from '../../components/RemoteSelect';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { pageBuild } from './pages';
import { splitLayoutErrors, type LayoutErrors } from './layoutErrors';
import { changeLayout, columnSpans, emptyRow, fromSaved, moveRow, setCell, toSaved, type BuilderRow } from './layoutRows';
import { pageBuilderHref } from './pageBuilderHref';
import { publicPageHref } from './publicAddress';

type PageRow = RowOf<'pages'>;

const CELL_HEIGHT = 160;

function LayoutEditor({ page }: { page: PageRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<BuilderRow[]>(() => fromSaved(page.layout.rows));
  const [dirty, setDirty] = useState(false);
  const [newLayout, setNewLayout] = useState<string>('6+6');
  const [errors, setErrors] = useState<LayoutErrors>({ byRow: new Map(), general: [] });
  const number = (n: number) => localizeDigits(String(n), lang);
  const layoutOptions = PAGE_LAYOUTS.map((layout) => ({ value: layout, label: t(`pageBuilder.layouts.${layout}`) }));

  // Closing or reloading the tab with unsaved rows asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: BuilderRow[]) => {
    setRows(next);
    setDirty(true);
  };

  const save = useMutation({
    mutationFn: () => apiRequest<PageLayoutSaved>('/v1/page-build/layout', { body: { id: page.id, layout: { rows: toSaved(rows) } } }),
    onSuccess: async ({ message, data }) => {
      setErrors({ byRow: new Map(), general: [] });
      setDirty(false);
      // The saved grid (as the server sanitised it) for the details screen; this editor keeps its own.
      queryClient.setQueryData(pageBuild.queries.detail(page.id).queryKey, (old) => (old ? { ...old, layout: data.layout } : old));
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: pageBuild.queries.all, refetchType: 'none' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        const split = splitLayoutErrors(error.fieldErrors);
        setErrors(split.byRow.size || split.general.length ? split : { byRow: new Map(), general: [error.message] });
      }
      notifyError(failureMessage(error));
    },
  });

  const askRemove = (row: BuilderRow, index: number) =>
    modals.openConfirmModal({
      title: t('pageBuilder.removeTitle'),
      children: <Text size="sm">{t('pageBuilder.removeBody', { number: number(index + 1) })}</Text>,
      labels: { confirm: t('pageBuilder.removeConfirm'), cancel: t('pageBuilder.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => change(rows.filter((candidate) => candidate.key !== row.key)),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {page.title}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={pageBuild.href.edit(page.id)} variant="default" size="sm" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('pageBuilder.editPage')}
          </Button>
          <Button
            component="a"
            href={publicPageHref(page.url)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="view-public-page"
          >
            {t('pageBuilder.viewPage')}
          </Button>
        </Group>
      </Group>

      {errors.general.length > 0 && (
        <Alert color="red" variant="light" data-testid="builder-errors">
          {errors.general.join(' ')}
        </Alert>
      )}

      {rows.length === 0 && (
        <Paper withBorder p="lg" data-testid="builder-empty">
          <Text c="dimmed" ta="center">
            {t('pageBuilder.empty')}
          </Text>
        </Paper>
      )}

      {rows.map((row, index) => {
        const label = t('pageBuilder.row', { number: number(index + 1) });
        const error = errors.byRow.get(index);
        return (
          <Paper
            key={row.key}
            withBorder
            p={{ base: 'xs', sm: 'md' }}
            data-testid="builder-row"
            style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>{label}</Text>
                <Group gap={6} wrap="nowrap">
                  <Select
                    size="xs"
                    w={190}
                    data={layoutOptions}
                    value={row.layout}
                    allowDeselect={false}
                    aria-label={t('pageBuilder.rowLayout', { number: number(index + 1) })}
                    onChange={(layout) => layout && change(rows.map((candidate) => (candidate.key === row.key ? changeLayout(candidate, layout) : candidate)))}
                  />
                  <Tooltip label={t('pageBuilder.moveUp', { number: number(index + 1) })}>
                    <ActionIcon
                      variant="default"
                      disabled={index === 0}
                      onClick={() => change(moveRow(rows, index, -1))}
                      aria-label={t('pageBuilder.moveUp', { number: number(index + 1) })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('pageBuilder.moveDown', { number: number(index + 1) })}>
                    <ActionIcon
                      variant="default"
                      disabled={index === rows.length - 1}
                      onClick={() => change(moveRow(rows, index, 1))}
                      aria-label={t('pageBuilder.moveDown', { number: number(index + 1) })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('pageBuilder.remove', { number: number(index + 1) })}>
                    <ActionIcon
                      variant="light"
                      color="red"
                      onClick={() => askRemove(row, index)}
                      aria-label={t('pageBuilder.remove', { number: number(index + 1) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Grid gap="sm">
                {columnSpans(row.layout).map((span, cell) => (
                  <Grid.Col key={`${row.layout}:${cell}`} span={{ base: 12, sm: span }} data-testid="builder-cell">
                    <RichTextEditor
                      value={row.cells[cell] ?? ''}
                      onChange={(html) => change(setCell(rows, row.key, cell, html))}
                      minHeight={CELL_HEIGHT}
                      label={t('pageBuilder.cell', { row: number(index + 1), column: number(cell + 1) })}
                      invalid={Boolean(error)}
                    />
                  </Grid.Col>
                ))}
              </Grid>
              {error && (
                <Text c="red" size="sm">
                  {error}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}

      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Group justify="space-between" gap="sm" align="flex-end">
          <Group gap="sm" align="flex-end">
            <Select
              label={t('pageBuilder.newRowLayout')}
              data={layoutOptions}
              value={newLayout}
              allowDeselect={false}
              onChange={(layout) => layout && setNewLayout(layout)}
              w={220}
            />
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => change([...rows, emptyRow(newLayout)])}>
              {t('pageBuilder.addRow')}
            </Button>
          </Group>
          <Group gap="sm">
            {dirty && (
              <Text size="sm" c="orange.8" data-testid="builder-unsaved">
                {t('pageBuilder.unsaved')}
              </Text>
            )}
            <Button
              onClick={() => save.mutate()}
              loading={false}
              disabled={save.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              miw={180}
              data-testid="builder-save"
            >
              {save.isPending ? t('pageBuilder.saving') : t('pageBuilder.save')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

function ChosenPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(pageBuild.queries.detail(id));
  if (query.isPending) return <FullPageLoader minHeight={240} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title={t('pageBuilder.loadFailed')} data-testid="builder-load-failed">
        {failureMessage(query.error)}
      </Alert>
    );
  // A page saved elsewhere starts the editor afresh.
  return <LayoutEditor key={`${query.data.id}:${query.data.updated_at}`} page={query.data} />;
}

function Builder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageId = Number(useParams().pageId);
  const chosen = Number.isInteger(pageId) && pageId > 0 ? pageId : undefined;
  const cached = useQuery({ ...pageBuild.queries.detail(chosen ?? 0), enabled: false });

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('pageBuilder.lead')}
          </Text>
          <RemoteSelect
            url="/v1/page-build"
            fields={['id', 'title']}
            value={chosen ? String(chosen) : ''}
            valueLabel={cached.data?.title}
            onChange={(value) => void navigate(pageBuilderHref(Number(value)))}
            label={t('pageBuilder.page')}
            placeholder={t('pageBuilder.pagePlaceholder')}
            wrapperProps={{ 'data-testid': 'builder-page-select' }}
          />
        </Stack>
      </Paper>
      {chosen ? (
        <ChosenPage key={chosen} id={chosen} />
      ) : (
        <Paper withBorder p="lg" data-testid="builder-no-page">
          <Text c="dimmed" ta="center">
            {t('pageBuilder.noPage')}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

export function PageBuilderScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('nav.pageBuilder')}
      </Title>
      <Routes>
        <Route index element={<Builder />} />
        <Route path=":pageId" element={<Builder />} />
      </Routes>
    </Stack>
  );
}
