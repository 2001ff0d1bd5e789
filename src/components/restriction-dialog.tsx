import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod/mini';
import {
  FACTS_MAX,
  RESTRICTION_MESSAGES,
  WITHHELD_REASON_MAX,
  type RestrictionInput,
} from '@contract/restrictions';
import { useSession } from '@/lib/core/session';
import { api } from '@/lib/data/api-client';
import { flag, id, text } from '@/lib/data/schemas';
import { endOfDay, today } from '@/lib/dates';
import { notify } from '@/lib/notify';
import type { RestrictionRequest } from './confirm';
import { ControlledForm } from './form/controlled-form';
import { SelectField } from './form/select-field';
import { TextAreaField } from './form/text-area-field';
import { useMutationForm } from './form/use-form-controller';
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

/** Every check below runs on each submit, whatever the other fields hold: all that is missing is said at once. */
const always = () => true;

/**
 * The dialog's fields: the policy, the facts, the duration (until a day, YYYY-MM-DD, or permanent), and whether the
 * statement is withheld, with its reason. The messages are the server's (contract/restrictions.ts).
 */
const schema = z
  .object({
    policyId: z.string().check(z.trim(), z.minLength(1, RESTRICTION_MESSAGES.policyRequired)),
    facts: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, RESTRICTION_MESSAGES.factsRequired),
        z.maxLength(FACTS_MAX, RESTRICTION_MESSAGES.factsTooLong),
      ),
    duration: z.enum(['until', 'permanent']),
    day: z.string(),
    withhold: z.boolean(),
    withheldReason: z.string().check(z.trim()),
  })
  .check(
    z.refine((values) => values.duration === 'permanent' || Boolean(values.day), {
      message: RESTRICTION_TEXT.endDateRequired,
      path: ['day'],
      when: always,
    }),
    z.refine((values) => values.duration === 'permanent' || !values.day || values.day >= today(), {
      message: RESTRICTION_MESSAGES.endsAtPast,
      path: ['day'],
      when: always,
    }),
    z.refine((values) => !values.withhold || Boolean(values.withheldReason.trim()), {
      message: RESTRICTION_MESSAGES.withheldReasonRequired,
      path: ['withheldReason'],
      when: always,
    }),
    z.refine((values) => !values.withhold || values.withheldReason.trim().length <= WITHHELD_REASON_MAX, {
      message: RESTRICTION_MESSAGES.withheldReasonTooLong,
      path: ['withheldReason'],
      when: always,
    }),
  );
type RestrictionValues = z.input<typeof schema>;

const EMPTY: RestrictionValues = {
  policyId: '',
  facts: '',
  duration: 'until',
  day: '',
  withhold: false,
  withheldReason: '',
};

/** What the API takes: the day's end for a suspension, null for good; the reason only when withheld. */
const toRestriction = (values: z.output<typeof schema>): RestrictionInput => ({
  policyId: values.policyId,
  facts: values.facts,
  endsAt: values.duration === 'until' ? endOfDay(values.day) : null,
  ...(values.withhold ? { withheldReason: values.withheldReason } : {}),
});

/**
 * A restriction's questions ('restrictions'): the policy (a Report Element, required), the facts (required), the
 * duration (until a day, or permanent), and, to withhold the statement, a reason (required then). One form
 * (use-form-controller.ts): every field's error at once, the focus on the first; with the request's `save`, the
 * dialog writes and stays open until the write is through, a refusal that names a field said under it and what was
 * typed kept. Answers the restriction once saved (or, without `save`, once checked), undefined when cancelled.
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
  const { save } = request;
  // Its words are said by the mutation itself, not the form: a save the password question ('step-up') takes the
  // dialog's place during still says it was done once through.
  const mutation = useMutation({
    mutationFn: (restriction: RestrictionInput) => (save ? save(restriction) : Promise.resolve('')),
    meta: save ? request.meta : { logged: false },
    onSuccess: (said) => {
      if (said) notify.success(said);
    },
  });
  // A session that ends (the save answered by an expiry, a logout in another tab) takes the question with it: the
  // console goes to sign in, and nothing is left open over that page.
  const signedIn = useSession() !== null;
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  });
  useEffect(() => {
    if (!signedIn) answer.current(undefined);
  }, [signedIn]);
  const sent = useRef<RestrictionInput | undefined>(undefined);
  const controller = useMutationForm({
    schema,
    mutation,
    values: () => EMPTY,
    toInput: (values) => {
      sent.current = toRestriction(values);
      return sent.current;
    },
    serverFields: { endsAt: 'day' },
    unguarded: true,
    onSaved: () => onAnswer(sent.current),
  });
  const { control } = controller.form;
  const [duration, withhold] = useWatch({ control, name: ['duration', 'withhold'] });
  const pending = controller.pending;
  const cancel = () => {
    // A write under way is seen through: the dialog says how it ended.
    if (!pending) onAnswer(undefined);
  };
  const options = (choices.data?.result ?? []).map((policy) => ({
    value: policy._id,
    label: policy.enabled ? policy.message : `${policy.message} (Inactive)`,
  }));

  return (
    <Modal opened onClose={cancel} title={request.title} centered size="lg">
      <ControlledForm controller={controller}>
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
          <SelectField<RestrictionValues>
            control={control}
            name="policyId"
            label={RESTRICTION_TEXT.policy}
            description={RESTRICTION_TEXT.policyHint}
            data={options}
            searchable
            required
            data-autofocus
            rightSection={
              choices.isPending ? (
                <Loader size={14} aria-label={RESTRICTION_TEXT.loadingPolicies} />
              ) : undefined
            }
          />
          <TextAreaField<RestrictionValues>
            name="facts"
            label={RESTRICTION_TEXT.facts}
            hint={RESTRICTION_TEXT.factsHint}
            max={FACTS_MAX}
            rows={4}
            required
          />
          <DurationField control={control} />
          {duration === 'until' ? <EndDayField control={control} /> : null}
          <WithholdField control={control} />
          {withhold ? (
            <TextAreaField<RestrictionValues>
              name="withheldReason"
              label={RESTRICTION_TEXT.withheldReason}
              max={WITHHELD_REASON_MAX}
              rows={2}
              required
            />
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={pending}>
            {request.cancelLabel}
          </Button>
          <Button type="submit" color="red" loading={pending} disabled={pending}>
            {request.confirmLabel}
          </Button>
        </Group>
      </ControlledForm>
    </Modal>
  );
}

type FieldProps = { control: Control<RestrictionValues> };

function DurationField({ control }: FieldProps) {
  const { field } = useController({ control, name: 'duration' });
  return (
    <Radio.Group
      label={RESTRICTION_TEXT.duration}
      name={field.name}
      value={field.value}
      onChange={(value) => field.onChange(value === 'permanent' ? 'permanent' : 'until')}
    >
      <Group mt={4}>
        <Radio value="until" label={RESTRICTION_TEXT.until} />
        <Radio value="permanent" label={RESTRICTION_TEXT.permanent} />
      </Group>
    </Radio.Group>
  );
}

/** The suspension's last day, as the browser's own date input (YYYY-MM-DD), from today on. */
function EndDayField({ control }: FieldProps) {
  const {
    field: { ref: inputRef, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'day' });
  return (
    <TextInput
      ref={inputRef}
      type="date"
      name={name}
      label={RESTRICTION_TEXT.endDate}
      value={value}
      min={today()}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      required
      error={fieldState.error?.message}
    />
  );
}

function WithholdField({ control }: FieldProps) {
  const {
    field: { ref: inputRef, name, value, onChange, onBlur },
  } = useController({ control, name: 'withhold' });
  return (
    <Checkbox
      ref={inputRef}
      name={name}
      label={RESTRICTION_TEXT.withhold}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
