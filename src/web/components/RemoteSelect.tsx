/**
 * A select whose options come from the server (spec §7 remote select): GET `url` with search,
 * fields, paginate=10 and page (Bearer sent by the API client); reads data.data, current_page, to
 * and total, and loads the next page when the list is scrolled to its end while `to < total`.
 * Used to pick an institute by name (registrations); `RemoteSelectField` binds it to an ApiForm.
 */
import { CloseButton, Combobox, Group, InputBase, Loader, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REMOTE_SELECT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../common/constants';
import { apiRequest } from '../api/client';
import { useBoundField } from './forms/useBoundField';
import { listQueryString, nextPageOf, type Paginated } from './list/listQuery';

export type RemoteOption = { value: string; label: string };

type RemoteRow = { id: number } & Record<string, unknown>;

export type RemoteSelectProps = {
  /** API path after /api, e.g. '/v1/users'. */
  url: string;
  /** fields[] to ask for, e.g. ['id', 'name', 'role']. */
  fields: readonly string[];
  /** Filter pairs the list takes, e.g. { role: 'institute' }. */
  params?: Readonly<Record<string, string>>;
  /** The option a row stands for; by default its id and name. */
  toOption?: (row: RemoteRow) => RemoteOption;
  value: string;
  /** The chosen value and its option (null when cleared). */
  onChange: (value: string, option: RemoteOption | null) => void;
  /** The label of the current value, when it is not among the loaded options (an edit form). */
  valueLabel?: string;
  label?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** A clear button undoes the choice (a list's filter, where no choice means all). */
  clearable?: boolean;
  wrapperProps?: Record<`data-${string}`, string>;
};

const defaultOption = (row: RemoteRow): RemoteOption => ({ value: String(row.id), label: String(row.name ?? row.title ?? row.id) });

export function RemoteSelect({
  url,
  fields,
  params,
  toOption = defaultOption,
  value,
  onChange,
  valueLabel,
  label,
  placeholder,
  error,
  withAsterisk,
  disabled,
  clearable = false,
  wrapperProps,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [typing, setTyping] = useState(false);
  const [chosen, setChosen] = useState<RemoteOption | null>(null);
  const [debounced] = useDebouncedValue(typing ? search.trim() : '', SEARCH_DEBOUNCE_MS);
  const opened = combobox.dropdownOpened;
  const viewport = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey: ['remote-select', url, fields, params, debounced],
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest<Paginated<RemoteRow>>(
          `${url}?${listQueryString({ search: debounced, fields, paginate: REMOTE_SELECT_PAGE_SIZE, page: pageParam, filters: params })}`,
          {
            method: 'GET',
            signal,
          },
        )
      ).data,
    initialPageParam: 1,
    getNextPageParam: (page) => nextPageOf(page),
    enabled: opened,
  });

  const options = (query.data?.pages ?? []).flatMap((page) => page.data.map(toOption));
  const selectedLabel = (chosen?.value === value ? chosen.label : undefined) ?? options.find((option) => option.value === value)?.label ?? valueLabel ?? '';
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(picked) => {
        const option = options.find((candidate) => candidate.value === picked) ?? null;
        setChosen(option);
        onChange(picked, option);
        setTyping(false);
        setSearch('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          withAsterisk={withAsterisk}
          error={error}
          disabled={disabled}
          wrapperProps={wrapperProps}
          rightSection={
            query.isFetching ? (
              <Loader size={16} />
            ) : clearable && value ? (
              // A button a screen reader and the keyboard reach (Mantine's own clear button is hidden from both).
              <CloseButton
                size="sm"
                aria-label={t('remoteSelect.clear')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setChosen(null);
                  onChange('', null);
                }}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={clearable && value ? 'all' : 'none'}
          value={typing ? search : selectedLabel}
          placeholder={placeholder ?? t('remoteSelect.searchPlaceholder')}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setTyping(false);
            setSearch('');
          }}
          onChange={(event) => {
            setTyping(true);
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize
            mah={240}
            type="scroll"
            viewportRef={viewport}
            // Near the end of what is loaded, whether or not the last load has just grown the list.
            onScrollPositionChange={({ y }) => {
              const element = viewport.current;
              if (element && y + element.clientHeight >= element.scrollHeight - 40) loadMore();
            }}
          >
            {options.map((option) => (
              <Combobox.Option value={option.value} key={option.value} active={option.value === value}>
                {option.label}
              </Combobox.Option>
            ))}
            {query.isSuccess && options.length === 0 && <Combobox.Empty>{t('remoteSelect.nothingFound')}</Combobox.Empty>}
            {(query.isPending || query.isFetchingNextPage) && (
              <Group justify="center" py={6}>
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t('remoteSelect.loading')}
                </Text>
              </Group>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** A RemoteSelect bound to the surrounding ApiForm by name; the value is the chosen row's id as text. */
export function RemoteSelectField({
  name,
  ...props
}: Omit<RemoteSelectProps, 'value' | 'onChange' | 'error' | 'withAsterisk' | 'wrapperProps'> & {
  name: string;
  onValueChange?: (option: RemoteOption | null) => void;
}) {
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const { onValueChange, ...rest } = props;
  return (
    <RemoteSelect
      {...rest}
      value={(field.value as string) ?? ''}
      onChange={(value, option) => {
        field.onChange(value);
        onValueChange?.(option);
      }}
      error={error}
      withAsterisk={withAsterisk}
      wrapperProps={wrapperProps}
    />
  );
}
