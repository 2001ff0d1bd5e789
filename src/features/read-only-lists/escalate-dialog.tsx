import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useModalDialog } from '@/components/modal-dialog';
import { useFeature, usePermission } from '@/lib/core/session';
import { userName } from '@/lib/declared-columns';
import { notify } from '@/lib/notify';
import {
  escalationLevelsQuery,
  memberSearchQuery,
  useEscalateContact,
  type Contact,
  type Member,
} from './api';
import { CONTACT_TEXT } from './contact-status-strings';

const SEARCH_DELAY_MS = 400;

const memberLabel = (member: Member) => `${userName(member, member.email)} (${member.email})`;

/**
 * "Escalate to the review queue" for one contact message: the priority level ('review-priorities'; the rules' level
 * when none is chosen), Child safety (the first level, the highest), and the member the message is about: the member
 * whose e-mail sent it offered first, any other found by name or e-mail (with 'members.read'), or none.
 */
export function EscalateDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  useModalDialog(true);
  const priorities = useFeature('review-priorities');
  const searches = usePermission('members.read');
  const levels = useQuery({ ...escalationLevelsQuery(), enabled: priorities });
  const [levelId, setLevelId] = useState<string | null>(null);
  const [childSafety, setChildSafety] = useState(false);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useQuery({ ...memberSearchQuery(debounced), enabled: searches && debounced.length >= 2 });
  // Every member offered so far, so that the chosen one keeps its label when a later search no longer lists it.
  const [known, setKnown] = useState<Record<string, Member>>(() =>
    contact.sender ? { [contact.sender._id]: contact.sender } : {},
  );
  const escalate = useEscalateContact();

  const highest = levels.data?.[0];
  const chosenLevel = childSafety ? (highest?._id ?? null) : levelId;
  const offered = [
    ...(contact.sender ? [contact.sender] : []),
    ...(found.data ?? []).filter((member) => member._id !== contact.sender?._id),
  ];
  const chosen = memberId ? known[memberId] : undefined;
  const options = [
    ...offered.map((member) => ({
      value: member._id,
      label:
        member._id === contact.sender?._id
          ? CONTACT_TEXT.senderOption(userName(member, member.email), member.email)
          : memberLabel(member),
    })),
    ...(chosen && !offered.some((member) => member._id === chosen._id)
      ? [{ value: chosen._id, label: memberLabel(chosen) }]
      : []),
  ];

  const submit = () => {
    if (escalate.isPending) return;
    escalate.mutate(
      { contactId: contact._id, levelId: chosenLevel ?? undefined, memberId: memberId ?? undefined },
      {
        onSuccess: () => {
          notify.success(CONTACT_TEXT.escalated);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={CONTACT_TEXT.escalateTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{CONTACT_TEXT.escalateIntro(contact.title)}</Text>
          {priorities ? (
            <>
              <Checkbox
                label={CONTACT_TEXT.childSafety}
                description={CONTACT_TEXT.childSafetyHint}
                checked={childSafety}
                disabled={!highest}
                onChange={(event) => setChildSafety(event.currentTarget.checked)}
                data-autofocus
              />
              <Select
                label={CONTACT_TEXT.level}
                placeholder={CONTACT_TEXT.levelByRules}
                data={(levels.data ?? []).map((level) => ({ value: level._id, label: level.name }))}
                value={chosenLevel}
                onChange={setLevelId}
                disabled={childSafety}
                clearable
              />
            </>
          ) : null}
          <Select
            label={CONTACT_TEXT.member}
            description={CONTACT_TEXT.memberHint}
            placeholder={searches ? CONTACT_TEXT.searchMembers : CONTACT_TEXT.noMember}
            data={options}
            value={memberId}
            onChange={(value) => {
              const member = offered.find((candidate) => candidate._id === value);
              if (member) setKnown((all) => ({ ...all, [member._id]: member }));
              setMemberId(value);
            }}
            searchable={searches}
            searchValue={search}
            onSearchChange={setSearch}
            // The server searched already: every option it answered is shown.
            filter={({ options: all }) => all}
            clearable
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {CONTACT_TEXT.cancel}
          </Button>
          <Button type="submit" color="red" loading={escalate.isPending}>
            {CONTACT_TEXT.submit}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
