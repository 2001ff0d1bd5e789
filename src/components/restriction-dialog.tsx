import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import {
  FACTS_MAX,
  RESTRICTION_MESSAGES,
  WITHHELD_REASON_MAX,
  type RestrictionInput,
} from '@contract/restrictions';
import { api } from '@/lib/data/api-client';
import { flag, id, text } from '@/lib/data/schemas';
import { endOfDay, today } from '@/lib/dates';
import type { RestrictionRequest } from './confirm';
import { useModalDialog } from './modal-dialog';

export const RESTRICTION_TEXT = {
  title: (who: string) => `Deactivate ${who}?`,
  message:
    'They can no longer sign in. They are mailed a statement of reasons: the policy, the facts and how to appeal.',
  policy: 'Policy',
  policyHint: 'The Report Element the restriction cites',
  facts: 'Facts and circumstances',
  factsHint: 'What the member did, as the statement tells them',
  duration: 'Duration',
  until: 'Until a date',
  permanent: 'Permanent',
  endDate: 'Suspended until',
  endDateRequired: 'Please choose the day the suspension ends',
  withhold: 'Withhold the statement from the member',
  withheldReason: 'Reason for withholding',
  loadingPolicies: 'Loading policies',
  noPolicies: 'There are no policies yet: add a Report Element first.',
  policiesFailed: 'The policies could not be loaded.',
} as const;

const POLICIES_KEY = ['restriction-policies'] as const;
const policies = z.object({
  result: z.array(z.object({ _id: id, message: text, enabled: flag })),
});

/**
 * A restriction's questions ('restrictions'): the policy (a Report Element, required), the facts (required), the
 * duration (until a day, or permanent), and, to withhold the statement, a reason (required then). Answers the
 * restriction, or undefined when cancelled.
 */
export function RestrictionDialog({
  request,
  onAnswer,
}: {
  request: RestrictionRequest;
  onAnswer: (restriction: RestrictionInput | undefined) => void;
}) {
  useModalDialog(true);
  const choices = useQuery({
    queryKey: POLICIES_KEY,
    queryFn: () => api.get('reportelement/listAll', policies),
    staleTime: 60_000,
  });
  const [policyId, setPolicyId] = useState<string | null>(null);
  const [facts, setFacts] = useState('');
  const [duration, setDuration] = useState<'until' | 'permanent'>('until');
  const [day, setDay] = useState('');
  const [withhold, setWithhold] = useState(false);
  const [withheldReason, setWithheldReason] = useState('');
  const [tried, setTried] = useState(false);

  const errors = {
    policy: policyId ? undefined : RESTRICTION_MESSAGES.policyRequired,
    facts: !facts.trim()
      ? RESTRICTION_MESSAGES.factsRequired
      : facts.trim().length > FACTS_MAX
        ? RESTRICTION_MESSAGES.factsTooLong
        : undefined,
    day:
      duration === 'until' && (!day || day < today())
        ? day
          ? RESTRICTION_MESSAGES.endsAtPast
          : RESTRICTION_TEXT.endDateRequired
        : undefined,
    withheld: !withhold
      ? undefined
      : !withheldReason.trim()
        ? RESTRICTION_MESSAGES.withheldReasonRequired
        : withheldReason.trim().length > WITHHELD_REASON_MAX
          ? RESTRICTION_MESSAGES.withheldReasonTooLong
          : undefined,
  };
  const shown = (error: string | undefined) => (tried ? error : undefined);
  const options = (choices.data?.result ?? []).map((policy) => ({
    value: policy._id,
    label: policy.enabled ? policy.message : `${policy.message} (Inactive)`,
  }));

  return (
    <Modal opened onClose={() => onAnswer(undefined)} title={request.title} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (Object.values(errors).some(Boolean)) return;
          onAnswer({
            policyId: policyId!,
            facts: facts.trim(),
            endsAt: duration === 'until' ? endOfDay(day) : null,
            ...(withhold ? { withheldReason: withheldReason.trim() } : {}),
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{request.message}</Text>
          {choices.isError ? (
            <Alert color="red" role="alert">
              {RESTRICTION_TEXT.policiesFailed}
            </Alert>
          ) : null}
          {choices.isSuccess && options.length === 0 ? (
            <Alert color="yellow">{RESTRICTION_TEXT.noPolicies}</Alert>
          ) : null}
          <Select
            label={RESTRICTION_TEXT.policy}
            description={RESTRICTION_TEXT.policyHint}
            data={options}
            value={policyId}
            onChange={setPolicyId}
            searchable
            required
            data-autofocus
            rightSection={
              choices.isPending ? (
                <Loader size={14} aria-label={RESTRICTION_TEXT.loadingPolicies} />
              ) : undefined
            }
            error={shown(errors.policy)}
          />
          <Textarea
            label={RESTRICTION_TEXT.facts}
            description={`${RESTRICTION_TEXT.factsHint} · ${facts.trim().length} / ${FACTS_MAX}`}
            value={facts}
            onChange={(event) => setFacts(event.currentTarget.value)}
            rows={4}
            required
            error={facts.trim().length > FACTS_MAX ? errors.facts : shown(errors.facts)}
          />
          <Radio.Group
            label={RESTRICTION_TEXT.duration}
            value={duration}
            onChange={(value) => setDuration(value === 'permanent' ? 'permanent' : 'until')}
          >
            <Group mt={4}>
              <Radio value="until" label={RESTRICTION_TEXT.until} />
              <Radio value="permanent" label={RESTRICTION_TEXT.permanent} />
            </Group>
          </Radio.Group>
          {duration === 'until' ? (
            <TextInput
              type="date"
              label={RESTRICTION_TEXT.endDate}
              value={day}
              min={today()}
              onChange={(event) => setDay(event.currentTarget.value)}
              required
              error={shown(errors.day)}
            />
          ) : null}
          <Checkbox
            label={RESTRICTION_TEXT.withhold}
            checked={withhold}
            onChange={(event) => setWithhold(event.currentTarget.checked)}
          />
          {withhold ? (
            <Textarea
              label={RESTRICTION_TEXT.withheldReason}
              value={withheldReason}
              onChange={(event) => setWithheldReason(event.currentTarget.value)}
              rows={2}
              required
              error={shown(errors.withheld)}
            />
          ) : null}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => onAnswer(undefined)}>
            {request.cancelLabel}
          </Button>
          <Button type="submit" color="red">
            {request.confirmLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
