import { Alert, Button, Checkbox, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod/mini';
import {
  FACTS_MAX,
  RESTRICTION_MESSAGES,
  WITHHELD_REASON_MAX,
  type RestrictionInput,
} from '@contract/restrictions';
import { ApiError } from '@/lib/core/api-error';
import { RESTRICTIONS_KEY } from '@/lib/core/query-roots';
import { useSession } from '@/lib/core/session';
import { api } from '@/lib/data/api-client';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';
import { parseDate } from '@/lib/dates';
import { userName } from '@/lib/declared-columns';
import { formatDateTime, formatDateTimeWithZone } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { RestrictionRequest } from './confirm';
import { ControlledForm } from './form/controlled-form';
import { RadioField } from './form/radio-field';
import { SelectField } from './form/select-field';
import { TextAreaField } from './form/text-area-field';
import { useMutationForm } from './form/use-form-controller';
import { useModalDialog } from './modal-dialog';
import { ErrorState } from './page-kit/error-state';

export const RESTRICTION_TEXT = {
  title: (who: string) => `Deactivate ${who}?`,
  message:
    'They can no longer sign in. They are mailed a statement of reasons: the policy, the facts and how to appeal.',
  policy: 'Policy broken',
  facts: 'Facts and circumstances',
  factsHint: 'What the member did, as the statement tells them',
  duration: 'How long',
  durationRequired: 'Please choose how long the restriction lasts',
  custom: 'Custom end',
  permanent: 'Permanent',
  endsAt: 'Ends at',
  endsAtRequired: 'Please choose when the suspension ends',
  pickEnd: 'Pick a date and time',
  endsAtHint: (zone: string) => `Date and time in your time zone (${zone})`,
  endsOn: (at: string) => `Ends ${at}`,
  withhold: 'Withhold the statement from the member',
  withheldReason: 'Reason for withholding',
  loadingPolicies: 'Loading policies',
  noPolicies: 'There are no active policies yet: add or activate a Report Element first.',
  policiesFailed: 'The policies could not be loaded.',
  loadingMember: 'Loading the member’s open reports and restrictions',
  inForce: (reference: string, until: string | null) =>
    until
      ? `Already restricted under ${reference} until ${until}.`
      : `Already restricted under ${reference} permanently.`,
  replace: (reference: string) => `Replace ${reference} with this restriction`,
  replaceHint:
    'A member has one restriction in force at a time: the new one ends it, and its statement says so.',
  replaceRequired: (reference: string) => `${reference} is in force: choose to replace it, or cancel`,
  openReports: (count: number) =>
    count === 1 ? '1 open report on this member' : `${count} open reports on this member`,
  moreReports: (count: number) => `and ${count} more`,
  reportedBy: (name: string, at: string) => `Reported by ${name} on ${at}`,
  queueItem: (state: string, assignee: string | null) =>
    assignee ? `Queue: ${state} by ${assignee}` : `Queue: ${state}`,
  closeReports: 'Close these reports as actioned under the new restriction',
  closeEveryReport: 'Close each member’s open reports as actioned under their new restriction',
  someone: 'an unknown member',
} as const;

/** The suspension's lengths offered first; a custom end and Permanent follow. */
const PRESETS = [
  { value: '24h', label: '24 h', hours: 24 },
  { value: '3d', label: '3 days', hours: 72 },
  { value: '7d', label: '7 days', hours: 168 },
  { value: '30d', label: '30 days', hours: 720 },
] as const;
const DURATION_OPTIONS = [
  ...PRESETS.map(({ value, label }) => ({ value, label })),
  { value: 'custom', label: RESTRICTION_TEXT.custom },
  { value: 'permanent', label: RESTRICTION_TEXT.permanent },
];
const presetHours = (duration: string) => PRESETS.find((preset) => preset.value === duration)?.hours;

/** A picked date and time ('YYYY-MM-DD HH:mm:ss', the admin's time zone) as a Date. */
const pickedDate = (value: string) => parseDate(value.replace(' ', 'T'));

/** The admin's time zone, as the picker's times are read in it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const POLICIES_KEY = ['restriction-policies'] as const;
const policies = z.object({
  result: z.array(z.object({ _id: id, message: text, enabled: flag })),
});

const inForceSchema = z.nullish(
  z.object({ _id: id, reference: text, policy: z.nullish(z.object({ name: text })), endsAt: optionalDate }),
);
const memberState = z.object({
  result: z.object({
    inForce: inForceSchema,
    openReports: z.object({
      count: z.number(),
      items: z.array(
        z.object({
          _id: id,
          message: text,
          createdAt: optionalDate,
          reporter: z.nullish(z.object({ _id: id, name: text, surname: z.optional(text) })),
          item: z.nullish(
            z.object({ _id: id, state: text, assignee: z.nullish(z.object({ _id: id, name: text })) }),
          ),
        }),
      ),
    }),
  }),
});
type MemberState = z.output<typeof memberState>['result'];

/** 'restrictions': GET /api/admin/restrictions/member/{userId}, the member's restriction in force and open reports. */
const memberQuery = (userId: string) =>
  queryOptions({
    queryKey: [RESTRICTIONS_KEY, 'member', userId] as const,
    queryFn: ({ signal }) =>
      api
        .get(`admin/restrictions/member/${encodeURIComponent(userId)}`, memberState, { signal })
        .then((answer) => answer.result),
    staleTime: 0,
  });

/** Every check below runs on each submit, whatever the other fields hold: all that is missing is said at once. */
const always = () => true;

/**
 * The dialog's fields: the policy, the facts, how long (a preset, a custom end as 'YYYY-MM-DD HH:mm:ss' in the
 * admin's time zone, or permanent), whether the statement is withheld, with its reason, and, as the member's state
 * asks, whether the restriction in force (`inForce`, its reference) is replaced and the open reports closed. The
 * messages are the server's (contract/restrictions.ts).
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
    duration: z.string().check(z.minLength(1, RESTRICTION_TEXT.durationRequired)),
    endsAt: z.string(),
    withhold: z.boolean(),
    withheldReason: z.string().check(z.trim()),
    inForce: z.string(),
    replace: z.boolean(),
    closeReports: z.boolean(),
  })
  .check(
    z.refine((values) => values.duration !== 'custom' || Boolean(values.endsAt), {
      message: RESTRICTION_TEXT.endsAtRequired,
      path: ['endsAt'],
      when: always,
    }),
    z.refine(
      (values) =>
        values.duration !== 'custom' ||
        !values.endsAt ||
        (pickedDate(values.endsAt)?.getTime() ?? 0) > Date.now(),
      { message: RESTRICTION_MESSAGES.endsAtPast, path: ['endsAt'], when: always },
    ),
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
    z.refine((values) => !values.inForce || values.replace, {
      message: 'replace',
      path: ['replace'],
      when: always,
    }),
  );
type RestrictionValues = z.input<typeof schema>;

const EMPTY: RestrictionValues = {
  policyId: '',
  facts: '',
  duration: '',
  endsAt: '',
  withhold: false,
  withheldReason: '',
  inForce: '',
  replace: false,
  closeReports: true,
};

/** When a suspension ends: a preset counted from now, the picked time, or null for good. */
function endOf(values: { duration: string; endsAt: string }, now = Date.now()): string | null {
  const hours = presetHours(values.duration);
  if (hours !== undefined) return new Date(now + hours * 3_600_000).toISOString();
  if (values.duration === 'custom') return pickedDate(values.endsAt)?.toISOString() ?? null;
  return null;
}

/**
 * What the API takes: the end (null for good); the reason only when withheld; the reference replaced, when one is in
 * force; whether the open reports close, when the dialog asked.
 */
const toRestriction = (values: z.output<typeof schema>, asksToClose: boolean): RestrictionInput => ({
  policyId: values.policyId,
  facts: values.facts,
  endsAt: endOf(values),
  ...(values.withhold ? { withheldReason: values.withheldReason } : {}),
  ...(values.inForce && values.replace ? { replaces: values.inForce } : {}),
  ...(asksToClose ? { closeReports: values.closeReports } : {}),
});

/**
 * A restriction's questions ('restrictions'): the policy broken (an active Report Element, required), the facts
 * (required), how long (24 h, 3 days, 7 days, 30 days, a custom end picked in the console's date format and the
 * admin's time zone, or permanent), and, to withhold the statement, a reason (required then). For one member
 * (`memberId`) it reads their state first: a restriction in force is said, and the new one must say it replaces it;
 * their open reports are listed, and closed by default as actioned under the new restriction. For several, whether
 * each one's open reports close. One form (use-form-controller.ts): every field's error at once, the focus on the
 * first; with the request's `save`, the dialog writes and stays open until the write is through, a refusal said in
 * it (under its field when it names one) and what was typed kept. Answers the restriction once saved (or, without
 * `save`, once checked), undefined when cancelled.
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
  const { save, memberId } = request;
  const member = useQuery({ ...memberQuery(memberId ?? ''), enabled: Boolean(memberId) });
  // Its words are said by the mutation itself, not the form: a save the password question ('step-up') takes the
  // dialog's place during still says it was done once through.
  const mutation = useMutation({
    mutationFn: (restriction: RestrictionInput) => (save ? save(restriction) : Promise.resolve('')),
    meta: save ? request.meta : { logged: false },
    onSuccess: (said) => {
      if (said) notify.success(said);
    },
    // A refusal for the member's state (a restriction made meanwhile): the dialog reads it again and says it.
    onError: (error) => {
      if (memberId && error instanceof ApiError && error.status === 409) void member.refetch();
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
  const state = member.data;
  const asksToClose = memberId ? (state?.openReports.count ?? 0) > 0 : true;
  const sent = useRef<RestrictionInput | undefined>(undefined);
  const controller = useMutationForm({
    schema,
    mutation,
    values: () => EMPTY,
    toInput: (values) => {
      sent.current = toRestriction(values, asksToClose);
      return sent.current;
    },
    unguarded: true,
    onSaved: () => onAnswer(sent.current),
  });
  const { control, setValue } = controller.form;
  const inForce = state?.inForce?.reference ?? '';
  useEffect(() => setValue('inForce', inForce), [inForce, setValue]);
  const [duration, withhold] = useWatch({ control, name: ['duration', 'withhold'] });
  const pending = controller.pending;
  const cancel = () => {
    // A write under way is seen through: the dialog says how it ended.
    if (!pending) onAnswer(undefined);
  };
  // An inactive policy is not offered.
  const options = (choices.data?.result ?? [])
    .filter((policy) => policy.enabled)
    .map((policy) => ({ value: policy._id, label: policy.message }));
  const refusal =
    mutation.error instanceof ApiError && mutation.error.status === 409 ? mutation.error.message : null;
  // Ready to write once the member's state is known: a restriction in force is never replaced unseen.
  const loadingMember = Boolean(memberId) && member.isPending;

  return (
    <Modal opened onClose={cancel} title={request.title} centered size="lg">
      <ControlledForm controller={controller}>
        <Stack gap="sm">
          <Text size="sm">{request.message}</Text>
          {refusal ? (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          ) : null}
          {loadingMember ? (
            <Group gap="xs">
              <Loader size={14} aria-hidden />
              <Text size="sm">{RESTRICTION_TEXT.loadingMember}</Text>
            </Group>
          ) : null}
          {member.isError ? (
            // The read's error state (issue 12): the server's words where it sent any, and Try again where it can help.
            <ErrorState error={member.error} onRetry={() => void member.refetch()} />
          ) : null}
          {state?.inForce ? <InForceField control={control} inForce={state.inForce} /> : null}
          {state && state.openReports.count > 0 ? (
            <OpenReports control={control} reports={state.openReports} />
          ) : null}
          {memberId ? null : (
            <CheckboxField control={control} name="closeReports" label={RESTRICTION_TEXT.closeEveryReport} />
          )}
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
            data={options}
            searchable
            openOnFocus={false}
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
          <RadioField<RestrictionValues>
            control={control}
            name="duration"
            label={RESTRICTION_TEXT.duration}
            options={DURATION_OPTIONS}
          />
          {presetHours(duration) !== undefined ? <PresetEnd duration={duration} /> : null}
          {duration === 'custom' ? <EndsAtField control={control} /> : null}
          <CheckboxField control={control} name="withhold" label={RESTRICTION_TEXT.withhold} />
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
          <Button type="submit" color="red" loading={pending} disabled={pending || loadingMember}>
            {request.confirmLabel}
          </Button>
        </Group>
      </ControlledForm>
    </Modal>
  );
}

type FieldProps = { control: Control<RestrictionValues> };

/** When a preset ends, counted from now, in the console's date format. */
function PresetEnd({ duration }: { duration: string }) {
  return (
    <Text size="sm" c="dimmed">
      {RESTRICTION_TEXT.endsOn(formatDateTimeWithZone(endOf({ duration, endsAt: '' })))}
    </Text>
  );
}

/** The restriction in force, and the choice to replace it (required to go on). */
function InForceField({ control, inForce }: FieldProps & { inForce: NonNullable<MemberState['inForce']> }) {
  const { fieldState } = useController({ control, name: 'replace' });
  const until = inForce.endsAt ? formatDateTimeWithZone(inForce.endsAt) : null;
  return (
    <Alert color="yellow" role="note" title={RESTRICTION_TEXT.inForce(inForce.reference, until)}>
      <Stack gap="xs">
        {inForce.policy?.name ? <Text size="sm">{inForce.policy.name}</Text> : null}
        <CheckboxField
          control={control}
          name="replace"
          label={RESTRICTION_TEXT.replace(inForce.reference)}
          description={RESTRICTION_TEXT.replaceHint}
          error={fieldState.error ? RESTRICTION_TEXT.replaceRequired(inForce.reference) : undefined}
        />
      </Stack>
    </Alert>
  );
}

/** The member's open reports (at most the first 20), and whether the restriction closes them. */
function OpenReports({ control, reports }: FieldProps & { reports: MemberState['openReports'] }) {
  const headingId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Text size="sm" fw={600} id={headingId}>
        {RESTRICTION_TEXT.openReports(reports.count)}
      </Text>
      <List size="sm" spacing={4}>
        {reports.items.map((report) => (
          <List.Item key={report._id}>
            <Text size="sm" lineClamp={2}>
              {report.message || '-'}
            </Text>
            <Text size="xs" c="dimmed">
              {RESTRICTION_TEXT.reportedBy(
                report.reporter
                  ? userName(report.reporter, RESTRICTION_TEXT.someone)
                  : RESTRICTION_TEXT.someone,
                formatDateTime(report.createdAt),
              )}
              {report.item
                ? ` · ${RESTRICTION_TEXT.queueItem(report.item.state, report.item.assignee?.name || null)}`
                : ''}
            </Text>
          </List.Item>
        ))}
      </List>
      {reports.count > reports.items.length ? (
        <Text size="xs" c="dimmed">
          {RESTRICTION_TEXT.moreReports(reports.count - reports.items.length)}
        </Text>
      ) : null}
      <CheckboxField control={control} name="closeReports" label={RESTRICTION_TEXT.closeReports} />
    </Stack>
  );
}

/**
 * A custom end: Mantine's date and time picker, shown in the console's date format and read in the admin's time
 * zone, from now on.
 */
function EndsAtField({ control }: FieldProps) {
  const {
    field: { ref: inputRef, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'endsAt' });
  const [now] = useState(() => new Date());
  return (
    <DateTimePicker
      ref={inputRef}
      name={name}
      label={RESTRICTION_TEXT.endsAt}
      description={RESTRICTION_TEXT.endsAtHint(timeZone())}
      placeholder={RESTRICTION_TEXT.pickEnd}
      valueFormat={(picked) => formatDateTime(pickedDate(picked)?.toISOString())}
      minDate={now}
      hideOutsideDates
      weekendDays={[]}
      nextLabel="Next month"
      previousLabel="Previous month"
      submitButtonProps={{ 'aria-label': 'Done' }}
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', amPmInputLabel: 'AM or PM' }}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      required
      error={fieldState.error?.message}
    />
  );
}

function CheckboxField({
  control,
  name,
  label,
  description,
  error,
}: FieldProps & {
  name: 'withhold' | 'replace' | 'closeReports';
  label: string;
  description?: string;
  error?: string;
}) {
  const {
    field: { ref: inputRef, value, onChange, onBlur },
  } = useController({ control, name });
  return (
    <Checkbox
      ref={inputRef}
      name={name}
      label={label}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
