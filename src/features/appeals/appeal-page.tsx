import { Alert, Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { requiredText } from '@/components/form-kit/schema-parts';
import {
  APPEAL_DECISION_LABELS,
  APPEAL_DECISIONS,
  APPEAL_MESSAGES,
  APPEAL_NOTE_MAX,
  APPEAL_STATE_LABELS,
} from '@contract/appeals';
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
import { formatDateTime } from '@/lib/format';
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

function DecisionForm({ mutation }: { mutation: ReturnType<typeof useDecideAppeal> }) {
  const controller = useMutationForm({
    schema,
    mutation,
    values: () => ({ decision: '', note: '' }),
    toInput: ({ decision, note }) => ({ decision: decision as (typeof APPEAL_DECISIONS)[number], note }),
    success: TEXT.decided,
    redirect: '/queue',
  });
  return (
    <ControlledForm controller={controller} maw={640}>
      <RadioField<DecisionValues>
        name="decision"
        control={controller.form.control}
        label={TEXT.decision}
        options={DECISION_OPTIONS}
      />
      <TextAreaField<DecisionValues> name="note" label={TEXT.note} max={APPEAL_NOTE_MAX} rows={4} />
      <FormActions label={TEXT.decide} pending={controller.pending} />
    </ControlledForm>
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
  if (decide.isPending || decide.isSuccess) return <DecisionForm mutation={decide} />;
  if (appeal.decision)
    return (
      <Fact
        label={TEXT.decidedBy(
          APPEAL_STATE_LABELS[appeal.decision.decision === 'reverse' ? 'reversed' : 'upheld'],
          appeal.decision.admin.name || TEXT.unknownAdmin,
          formatDateTime(appeal.decision.at),
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
  return <DecisionForm mutation={decide} />;
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
        <Fact label={TEXT.appealedAt}>{formatDateTime(appeal.confirmedAt ?? appeal.createdAt)}</Fact>
        <Fact label={TEXT.statement}>{appeal.statement}</Fact>
        <Divider />
        <Title order={2} size="h5">
          {TEXT.restrictionSection}
        </Title>
        <Fact label={TEXT.restriction}>
          {restriction.endsAt ? TEXT.suspendedUntil(formatDateTime(restriction.endsAt)) : TEXT.permanently}
          {' · '}
          {restriction.endedAt ? TEXT.ended(restriction.endedReason ?? '') : TEXT.inForce}
        </Fact>
        <Fact label={TEXT.policy}>
          {restriction.policy.name}
          {restriction.policy.explanation ? `\n${restriction.policy.explanation}` : ''}
        </Fact>
        <Fact label={TEXT.facts}>{restriction.facts}</Fact>
        <Fact label={TEXT.restrictedBy}>
          {restriction.restrictedBy?.name || TEXT.unknownAdmin}
          {` · ${formatDateTime(restriction.createdAt)}`}
        </Fact>
        {restriction.withheldReason ? (
          <Text size="sm">{TEXT.withheld(restriction.withheldReason)}</Text>
        ) : null}
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
