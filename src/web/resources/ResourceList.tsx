/**
 * A resource's list screen (spec §2 Shared list behaviours): search, Export, Add New, the table in
 * its 450 px wrapper (double-click opens a row), the gear menu per row, the status filter for
 * admins, and the pagination. A screen may fix filter pairs or the status (registrations'
 * filter/{type}), and another page may show it compact (the dashboard's registration list).
 */
import { Alert, Badge, Box, Button, Center, Group, LoadingOverlay, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconBan, IconEye, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { ExportButton } from '../components/export/ExportButton';
import { ListPagination } from '../components/list/ListPagination';
import { RowActions, type RowAction } from '../components/list/RowActions';
import { SearchBox } from '../components/list/SearchBox';
import { StatusFilter } from '../components/list/StatusFilter';
import { failureMessage } from '../components/notify';
import { useLanguage } from '../i18n';
import { localizeDigits } from '../i18n/format';
import { can, type Row } from './api';
import type { Resource } from './defineResource';
import { useListState } from './listState';
import type { Column, ShowContext } from './types';
import './list.css';
import { DEFAULT_PRIORITY, useFittedColumns } from './useFittedColumns';
import { useRowChanges } from './useRowChanges';

/** A cell's text when the column has no renderer of its own. */
function plain(value: unknown, { lang }: ShowContext): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return localizeDigits(String(value), lang);
  return String(value);
}

/** Spec §4: 'Active shown as a tag when truthy'. */
export function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  return status ? (
    <Badge color="teal" variant="light" miw="max-content">
      {t('list.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" miw="max-content">
      {t('list.deactivated')}
    </Badge>
  );
}

export type ResourceListProps<R extends Row> = {
  resource: Resource<R>;
  /** Filter pairs this screen always applies (`class=04`); the export gets them as conditions. */
  filters?: Readonly<Record<string, string>>;
  /** A status this screen always shows (the deactivated list), for every role. */
  status?: 0 | 1;
  /** The heading, when not the resource's 'All …'. */
  title?: string;
  /** Part of another page: no Export or Add New, ten rows a page, no 450 px floor. */
  compact?: boolean;
};

export function ResourceList<R extends Row>({ resource, filters, status: fixedStatus, title, compact = false }: ResourceListProps<R>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const { list } = resource;
  // A list that is part of another page (compact) has no filters of its own.
  const listFilters = useMemo(
    () => (compact ? [] : (list.filters ?? []).filter((filter) => !filter.roles || filter.roles.includes(user.role))),
    [compact, list.filters, user.role],
  );
  const filterKeys = useMemo(() => listFilters.map((filter) => filter.param), [listFilters]);
  const [state, change] = useListState(compact ? undefined : list.pageSize, filterKeys);
  const status = fixedStatus ?? (isAdmin ? state.status : 1);
  // The screen's fixed pairs (filter/{type}) and the ones chosen here, for the list and its export alike.
  const chosen = state.filters;
  const allFilters = useMemo(() => {
    const merged = { ...chosen, ...filters };
    return Object.keys(merged).length > 0 ? merged : undefined;
  }, [chosen, filters]);
  const roleColumns = useMemo(() => list.columns.filter((column) => !column.roles || column.roles.includes(user.role)), [list.columns, user.role]);
  // Related rows only for the columns this role sees (an institute's list needs no institute).
  const relations = useMemo(() => {
    const wanted = new Set([...(list.relations ?? []), ...roleColumns.flatMap((column) => (column.relation ? [column.relation] : []))]);
    return wanted.size > 0 ? [...wanted] : undefined;
  }, [list.relations, roleColumns]);
  const query = useQuery(
    resource.queries.list({
      page: state.page,
      afterId: state.afterId,
      paginate: state.paginate,
      status,
      search: state.search,
      fields: list.fields,
      relations,
      filters: allFilters,
    }),
  );
  const changes = useRowChanges(resource);
  const context: ShowContext = { t, lang };
  const rows = query.data?.data ?? [];
  const { area, table, columns } = useFittedColumns(roleColumns, query.data);
  const firstPosition = query.data?.from ?? 1;
  // What gave way to the width but must stay in reach, under the row's name (Column.tuck).
  const tucked = roleColumns.filter((column) => column.tuck && !columns.includes(column));
  // The name (a column that stays and may wrap) holds them; else the first that stays.
  const staying = columns.filter((column) => (column.priority ?? DEFAULT_PRIORITY) === 1);
  const holder = staying.find((column) => !column.nowrap) ?? staying[0];
  const cell = (column: Column<R>, row: R, position: number) =>
    column.render ? column.render(row, context, position) : plain((row as Record<string, unknown>)[column.key], context);

  const actionsOf = (row: R): RowAction[] => {
    const details: RowAction = { label: t('list.details'), icon: IconEye, to: resource.href.details(row.id) };
    // Only what the server says this user may do with this row (its answer's policies).
    const offered: (RowAction | false)[] = [
      details,
      can(row, 'update') && { label: t('list.edit'), icon: IconPencil, to: resource.href.edit(row.id) },
      status === 1
        ? can(row, 'soft_delete') && { label: t('list.deactivate'), icon: IconBan, onClick: () => changes.deactivate(row), color: 'orange' }
        : can(row, 'restore') && { label: t('list.restore'), icon: IconRestore, onClick: () => changes.restore(row), color: 'teal' },
      can(row, 'destroy') && { label: t('list.destroy'), icon: IconTrash, onClick: () => changes.destroy(row), color: 'red' },
      ...(can(row, 'update') ? (list.rowActions?.(row, t) ?? []) : []),
    ];
    return offered.filter((action) => action !== false);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h4">
          {title ?? t(`resources.${resource.text}.list`)}
        </Title>
        <Group gap="sm" align="flex-start">
          {list.exportTitle !== undefined && !compact && (
            <ExportButton
              request={{ model: resource.name, export_title: list.exportTitle, search: state.search || undefined, status, conditions: allFilters }}
            />
          )}
          {!compact &&
            list.headerLinks
              ?.filter((link) => !link.roles || link.roles.includes(user.role))
              .map((link) => (
                <Button
                  key={link.subPath}
                  component={Link}
                  to={`${resource.path}/${link.subPath}`}
                  variant="default"
                  leftSection={<link.icon size={18} stroke={1.6} aria-hidden />}
                  data-testid={link.testId}
                >
                  {link.label(t)}
                </Button>
              ))}
          {list.addNew !== false && !compact && (
            <Button component={Link} to={resource.href.create} leftSection={<IconPlus size={18} aria-hidden />} data-testid="add-new">
              {t('list.addNew')}
            </Button>
          )}
        </Group>
      </Group>

      <Group justify="space-between" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: '1 1 320px' }}>
          <SearchBox value={state.search} onSearch={(search) => change({ search }, { replace: true })} />
          {listFilters.map((filter) => (
            <filter.Input key={filter.param} value={chosen[filter.param] ?? ''} onChange={(value) => change({ filters: { [filter.param]: value } })} />
          ))}
        </Group>
        {isAdmin && fixedStatus === undefined && list.statusFilter !== false && (
          <StatusFilter value={state.status} onChange={(next) => change({ status: next })} />
        )}
      </Group>

      {query.isError && !query.data ? (
        <Alert color="red" variant="light" title={t('list.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{failureMessage(query.error)}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Paper withBorder pos="relative" mih={compact ? 160 : 450} data-testid="list-table">
          <LoadingOverlay visible={query.isFetching} loaderProps={{ size: 'sm' }} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
          {/* Only the columns that fit show (useFittedColumns); the gear stays at the row's end, sticky if a cell is still too wide. */}
          <Table.ScrollContainer ref={area} minWidth={0} type="native">
            <Table ref={table} highlightOnHover verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} style={{ whiteSpace: 'nowrap' }}>
                      {t(`fields.${column.label}`)}
                    </Table.Th>
                  ))}
                  <Table.Th w={1} className="list-actions" style={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                    {t('list.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr
                    key={row.id}
                    onDoubleClick={(event) => {
                      // A double click on the gear or a link is not a request for the details.
                      if ((event.target as HTMLElement).closest('button, a')) return;
                      void navigate(resource.href.details(row.id));
                    }}
                    style={{ cursor: 'pointer' }}
                    data-testid="list-row"
                  >
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={{ ...(column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }), minWidth: column.minWidth }}
                      >
                        {cell(column, row, firstPosition + index)}
                        {column === holder &&
                          tucked.map((other) => (
                            <Group key={other.key} gap={4} mt={4} wrap="wrap" data-testid={`tucked-${other.key}`}>
                              <Text size="xs" c="dimmed">
                                {t(`fields.${other.label}`)}:
                              </Text>
                              <Text size="xs" component="div">
                                {cell(other, row, firstPosition + index)}
                              </Text>
                            </Group>
                          ))}
                      </Table.Td>
                    ))}
                    <Table.Td className="list-actions" style={{ textAlign: 'end' }}>
                      <RowActions label={t('list.actionsFor', { name: resource.rowLabel(row) })} actions={actionsOf(row)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.isSuccess && rows.length === 0 && (
            <Center py={60}>
              <Text c="dimmed">{state.search ? t('list.emptySearch', { search: state.search }) : t('list.empty')}</Text>
            </Center>
          )}
        </Paper>
      )}

      {query.data && query.data.total > 0 && (
        <Box>
          <ListPagination page={query.data} pageSize={state.paginate} onPage={(target) => change(target)} onPageSize={(paginate) => change({ paginate })} />
        </Box>
      )}
    </Stack>
  );
}
