import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchBox } from '@/components/list-kit/search-box';

/**
 * A list's labelled search box, for ListView's children: what is typed reaches the list's `setSearch` as the
 * lists' searches do (search-box.ts: from 3 characters or when cleared, once typing pauses).
 */
export function ListSearch({
  label,
  list,
}: {
  label: string;
  list: { state: { search: string }; setSearch: (search: string) => void };
}) {
  const [text, setText] = useSearchBox(list.state.search, list.setSearch);
  return (
    <TextInput
      type="search"
      label={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      style={{ flex: '1 1 220px' }}
    />
  );
}
