import {
  CheckIcon,
  Combobox,
  Group,
  Loader,
  Pill,
  PillsInput,
  Radio,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue, useThrottledCallback } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type Ref, type UIEvent } from 'react';
import { ErrorState } from '@/components/page-kit/error-state';
import { userName } from '@/lib/declared-columns';
import { ALL_USERS, PICKER_PAGE_SIZE, recipientsResource, type Person } from './api';
import { MAIL_TEXT } from './strings';

/** SPEC 5 and 9: the search waits 1.5 s after typing stops; scrolling within 10 px of the end, checked at most every 200 ms, loads more. */
export const SEARCH_DELAY_MS = 1500;
export const SCROLL_THROTTLE_MS = 200;
const NEAR_END_PX = 10;

const fullName = (person: Person) => userName(person, person._id);
/** The audience choice other than All Users: the users picked below it. */
const CHOSEN = 'chosen';

type UserPickerProps = {
  /** The chosen ids, or [ALL_USERS]. */
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string;
  /** The search input, which the form focuses when no recipient is chosen on submit. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * The mail's recipients (SPEC 2.22): 'All Users' as a choice of its own above the picker, which clears the chosen
 * users and disables the picker while it holds; otherwise a search with pages loaded as the list scrolls (the shared
 * factory's infinite query), each user shown with their e-mail. A pick clears the search; Enter in the search picks
 * the highlighted user, never sends the form while the list is open.
 */
export function UserPicker({ value, onChange, onBlur, error, ref }: UserPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A cleared search lists everyone at once: only typing waits.
  const query = search.trim() ? debounced : '';
  const users = useInfiniteQuery(
    recipientsResource.queries.infinite({ size: PICKER_PAGE_SIZE, search: query }),
  );
  const people = users.data?.pages.flatMap((page) => page.rows) ?? [];
  // The names of everyone chosen, kept when a later search no longer lists them.
  const [labels, setLabels] = useState<Record<string, string>>({});

  const all = value.includes(ALL_USERS);
  const choose = (id: string) => {
    if (all) return;
    if (value.includes(id)) onChange(value.filter((chosen) => chosen !== id));
    else {
      const person = people.find((candidate) => candidate._id === id);
      if (person) setLabels((known) => ({ ...known, [id]: fullName(person) }));
      onChange([...value, id]);
      setSearch('');
    }
  };
  const chooseAudience = (audience: string) => {
    combobox.closeDropdown();
    setSearch('');
    onChange(audience === ALL_USERS ? [ALL_USERS] : []);
  };

  const loadMoreNearEnd = useThrottledCallback((list: HTMLElement) => {
    if (list.scrollHeight - list.scrollTop - list.clientHeight > NEAR_END_PX) return;
    if (users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage();
  }, SCROLL_THROTTLE_MS);

  return (
    <Stack gap="xs">
      <Radio.Group label={MAIL_TEXT.sendTo} value={all ? ALL_USERS : CHOSEN} onChange={chooseAudience}>
        <Group gap="lg" mt={4}>
          <Radio value={ALL_USERS} label={MAIL_TEXT.allUsers} />
          <Radio value={CHOSEN} label={MAIL_TEXT.chosenUsers} />
        </Group>
      </Radio.Group>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.DropdownTarget>
          <PillsInput
            label={MAIL_TEXT.selectUsers}
            error={error}
            disabled={all}
            onClick={() => (all ? undefined : combobox.openDropdown())}
          >
            <Pill.Group>
              {all
                ? null
                : value.map((id) => (
                    <Pill key={id} withRemoveButton onRemove={() => choose(id)}>
                      {labels[id] ?? id}
                    </Pill>
                  ))}
              <Combobox.EventsTarget>
                {/* Named by the visible label (WCAG 2.5.3), not by the search hint, which is its placeholder. */}
                <PillsInput.Field
                  ref={ref}
                  placeholder={value.length ? undefined : MAIL_TEXT.searchUsers}
                  value={search}
                  disabled={all}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => {
                    combobox.closeDropdown();
                    onBlur?.();
                  }}
                  onChange={(event) => {
                    combobox.openDropdown();
                    setSearch(event.currentTarget.value);
                  }}
                  onKeyDown={(event) => {
                    // The list's Enter picks its highlighted user (Combobox), or nothing: it never sends the form.
                    if (event.key === 'Enter' && combobox.dropdownOpened) event.preventDefault();
                    if (event.key === 'Backspace' && !search && value.length) {
                      event.preventDefault();
                      choose(value.at(-1)!);
                    }
                  }}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>

        <Combobox.Dropdown>
          <Combobox.Options
            mah={260}
            style={{ overflowY: 'auto' }}
            aria-label={MAIL_TEXT.selectUsers}
            onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreNearEnd(event.currentTarget)}
          >
            {people.map((person) => {
              const chosen = value.includes(person._id);
              return (
                <Combobox.Option key={person._id} value={person._id} active={chosen}>
                  <Group gap="xs" wrap="nowrap">
                    {chosen ? <CheckIcon size={12} /> : null}
                    <div>
                      <Text size="sm">{fullName(person)}</Text>
                      {person.email ? (
                        <Text size="xs" c="dimmed">
                          {person.email}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                </Combobox.Option>
              );
            })}
            {users.isError ? (
              <Combobox.Empty>{MAIL_TEXT.pickerFailed}</Combobox.Empty>
            ) : users.isPending || users.isFetchingNextPage ? (
              <Combobox.Empty>
                <Loader size="xs" aria-label="Loading users" />
              </Combobox.Empty>
            ) : !people.length ? (
              <Combobox.Empty>
                <Text size="sm">No users found</Text>
              </Combobox.Empty>
            ) : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {users.isError && !people.length ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : null}
    </Stack>
  );
}
