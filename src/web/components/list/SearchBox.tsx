/** The list's search box (spec §2): the query goes out 500 ms after the last key-up (or other change of the text). */
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../common/constants';

/** `label` names what is searched when it is not the list itself. */
export function SearchBox({ value, onSearch, label }: { value: string; onSearch: (search: string) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The address changed the search (Back, a link): show what is searched now.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        // Phone keyboards composing Bengali do not always send key-ups; a paste sends none.
        search(event.currentTarget.value);
      }}
      onKeyUp={(event) => search(event.currentTarget.value)}
      placeholder={t('list.searchPlaceholder')}
      aria-label={label ?? t('list.searchLabel')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('list.clearSearch')}
            onClick={() => {
              setText('');
              search.cancel();
              onSearch('');
            }}
          />
        ) : null
      }
      w={{ base: '100%', xs: 280 }}
      data-testid="list-search"
    />
  );
}
