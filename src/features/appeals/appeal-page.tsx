import { Alert, Checkbox, Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { requiredText } from '@/components/form-kit/schema-parts';
import {
  APPEAL_DECISION_LABELS,
  APPEAL_DECISIONS,
  APPEAL_MESSAGES,
  APPEAL_NOTE_MAX,
  APPEAL_STATE_LABELS,
  type AppealDecision,
} from '@contract/appeals';
import { askToConfirm } from '@/components/confirm';
import { isRole, refusalMessage } from '@contract/roles';
import { BackButton } from '@/components/back-button';
import { FormActions } from '@/components/form-kit/form-actions';
import { ControlledForm } from '@/components/form/controlled-form';
import { RadioField } from '@/components/form/radio-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { useMutationForm } from '@/components/form/use-form-controller';
import { PageCard } from '@/components/page-kit/page-card';
import { QueryBoundary } from '@/components/query-boundary';
import { UserLink } from '@/components/user-link';
import { usePermission, useSession } from '@/lib/core/session';
import { formatDateTimeWithZone } from '@/lib/format';
import { appealQueries, useDecideAppeal, type Appeal } from './api';
import { APPEAL_SCREEN_TEXT as TEXT } from './strings';

const BACK = { to: '/queue', label: TEXT.backToQueue };

const schema = z.object({
  decision: z
    .string()
    .check(
      z.refine(
        (value) => (APPEAL_DECISIONS as readonly string[]).includes(value),
        APPEAL_MESSAGES.decisionRequired,
      ),
    ),
  note: requiredText(APPEAL_MESSAGES.noteRequired).check(
    z.maxLength(APPEAL_NOTE_MAX, APPEAL_MESSAGES.noteTooLong),
  ),
  liftInForce: z.boolean(),
});
type DecisionValues = z.input<typeof schema>;

const DECISION_OPTIONS = APPEAL_DECISIONS.map((value) => ({ value, label: APPEAL_DECISION_LABELS[value] }));

/** One fact of the screen: its label over its text, line breaks kept. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

const until = (restriction: { endsAt: string | null }) =>
  restriction.endsAt ? formatDateTimeWithZone(restriction.endsAt) : null;

/** The member's state after a decision, as the confirmation says it (and the decision mail will). */
function stateAfter(appeal: Appeal, decision: AppealDecision, liftInForce: boolean) {
  const { inForce } = appeal;
  if (!inForce) return TEXT.staysActive;
  const appealedInForce = inForce._id === appeal.restriction._id;
  if (decision === 'reverse' && (appealedInForce || liftInForce)) return TEXT.activeAgain;
  return TEXT.stillRestricted(inForce.reference, until(inForce));
}

function DecisionForm({
  appeal,
  mutation,
}: {
  appeal: Appeal;
  mutation: ReturnType<typeof useDecideAppeal>;
}) {
  const other = appeal.inForce && appeal.inForce._id !== appeal.restriction._id ? appeal.inForce : null;
  const controller = useMutationForm({
    schema,
    mutation,
    values: () => ({ decision: '', note: '', liftInForce: false }),
    toInput: ({ decision, note, liftInForce }) => ({
      decision: decision as AppealDecision,
      note,
      ...(other && decision === 'reverse' && liftInForce ? { liftInForce: true } : {}),
    }),
    confirm: ({ decision, liftInForce }, save) => {
      const chosen = decision as AppealDecision;
      askToConfirm({
        title: TEXT.confirmTitle(APPEAL_DECISION_LABELS[chosen]),
        message: stateAfter(appeal, chosen, Boolean(other) && liftInForce),
        confirmLabel: APPEAL_DECISION_LABELS[chosen],
        cancelLabel: TEXT.cancel,
        danger: chosen === 'reverse',
        onConfirm: save,
      });
    },
    success: TEXT.decided,
    redirect: '/queue',
  });
  const { control } = controller.form;
  const decision = useWatch({ control, name: 'decision' });
  return (
    <ControlledForm controller={controller} maw={640}>
      <RadioField<DecisionValues>
        name="decision"
        control={control}
        label={TEXT.decision}
        options={DECISION_OPTIONS}
      />
      {other && decision === 'reverse' ? <LiftField control={control} reference={other.reference} /> : null}
      <TextAreaField<DecisionValues> name="note" label={TEXT.note} max={APPEAL_NOTE_MAX} rows={4} />
      <FormActions label={TEXT.decide} pending={controller.pending} />
    </ControlledForm>
  );
}

/** With a reversal, whether the restriction in force (another than the appealed one) is lifted too. */
function LiftField({ control, reference }: { control: Control<DecisionValues>; reference: string }) {
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ control, name: 'liftInForce' });
  return (
    <Checkbox
      ref={ref}
      name={name}
      label={TEXT.liftInForce(reference)}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}

/** How the appealed restriction ended: plainly by which, when another replaced it. */
function endedText({ restriction, inForce }: Appeal) {
  if (restriction.endedReason === 'replaced' && inForce && inForce._id !== restriction._id)
    return TEXT.replacedBy(inForce.reference, until(inForce));
  return TEXT.ended(restriction.endedReason ?? '');
}

/** What is in force now beside the appealed restriction: it, another, or none. */
function InForceNow({ appeal }: { appeal: Appeal }) {
  const { inForce, restriction } = appeal;
  let said: string;
  if (!inForce) said = TEXT.nothingInForce;
  else if (inForce._id === restriction._id) said = TEXT.theAppealedOne(inForce.reference);
  else said = TEXT.otherInForce(inForce.reference, until(inForce));
  return (
    <Fact label={TEXT.inForceNow}>
      {said}
      {inForce?.policy?.name && inForce._id !== restriction._id ? `\n${inForce.policy.name}` : ''}
    </Fact>
  );
}

/**
 * The decision, its form, or why there is none for this admin. The form stays while its decision is saved: the
 * appeal read again already holds the decision before the save's own success (its message, the way back) runs.
 */
function Decision({ appeal }: { appeal: Appeal }) {
  const mayDecide = usePermission('appeals.decide');
  const role = useSession()?.role;
  const decide = useDecideAppeal(appeal._id);
  if (decide.isPending || decide.isSuccess) return <DecisionForm appeal={appeal} mutation={decide} />;
  if (appeal.decision)
    return (
      <Fact
        label={TEXT.decidedBy(
          APPEAL_STATE_LABELS[appeal.decision.decision === 'reverse' ? 'reversed' : 'upheld'],
          appeal.decision.admin.name || TEXT.unknownAdmin,
          formatDateTimeWithZone(appeal.decision.at),
        )}
      >
        {appeal.decision.note}
      </Fact>
    );
  if (appeal.state !== 'open') return <Text c="dimmed">{APPEAL_MESSAGES.notOpen}</Text>;
  if (!mayDecide)
    return (
      <Text c="dimmed">{isRole(role) ? refusalMessage(role, 'appeals.decide') : TEXT.noPermission}</Text>
    );
  if (appeal.restrictedByYou)
    return (
      <Alert color="yellow" role="note">
        {APPEAL_MESSAGES.ownRestriction}
      </Alert>
    );
  return <DecisionForm appeal={appeal} mutation={decide} />;
}

function AppealScreen({ appeal }: { appeal: Appeal }) {
  const { restriction } = appeal;
  return (
    <PageCard title={TEXT.title(restriction.reference)} actions={<BackButton fallback="/queue" />}>
      <Stack gap="md">
        <Title order={2} size="h5">
          {TEXT.memberSection}
        </Title>
        <Fact label={TEXT.member}>
          {appeal.member ? <UserLink user={appeal.member} /> : TEXT.unknownMember}
        </Fact>
        <Fact label={TEXT.email}>{appeal.email}</Fact>
        <Fact label={TEXT.state}>{APPEAL_STATE_LABELS[appeal.state]}</Fact>
        <Fact label={TEXT.appealedAt}>{formatDateTimeWithZone(appeal.confirmedAt ?? appeal.createdAt)}</Fact>
        <Fact label={TEXT.statement}>{appeal.statement}</Fact>
        <Divider />
        <Title order={2} size="h5">
          {TEXT.restrictionSection}
        </Title>
        <Fact label={TEXT.restriction}>
          {restriction.endsAt
            ? TEXT.suspendedUntil(formatDateTimeWithZone(restriction.endsAt))
            : TEXT.permanently}
          {' · '}
          {restriction.endedAt ? endedText(appeal) : TEXT.inForce}
        </Fact>
        <Fact label={TEXT.policy}>
          {restriction.policy.name}
          {restriction.policy.explanation ? `\n${restriction.policy.explanation}` : ''}
        </Fact>
        <Fact label={TEXT.facts}>{restriction.facts}</Fact>
        <Fact label={TEXT.restrictedBy}>
          {restriction.restrictedBy?.name || TEXT.unknownAdmin}
          {` · ${formatDateTimeWithZone(restriction.createdAt)}`}
        </Fact>
        {restriction.withheldReason ? (
          <Text size="sm">{TEXT.withheld(restriction.withheldReason)}</Text>
        ) : null}
        <InForceNow appeal={appeal} />
        <Divider />
        <Title order={2} size="h5">
          {TEXT.decisionSection}
        </Title>
        <Decision appeal={appeal} />
      </Stack>
    </PageCard>
  );
}

/**
 * /appeals/:appealId ('appeals'): an appeal as the review queue's Open shows it: the member's words, the restriction
 * (its policy, facts, duration and who made it), and Uphold or Reverse with a note, then back to the queue. The admin
 * who made the restriction, and a role without appeals.decide, see it without the form.
 */
export function AppealPage() {
  const { appealId = '' } = useParams();
  return (
    <QueryBoundary query={appealQueries.detail(appealId)} back={BACK}>
      {(appeal) => <AppealScreen appeal={appeal} />}
    </QueryBoundary>
  );
}
