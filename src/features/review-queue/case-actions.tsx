import { Alert, Button, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { fillTemplate, placeholdersIn } from '@contract/notice-templates';
import {
  CASE_MESSAGES,
  DISMISS_REASON_MAX,
  WARNING_MAX,
  type DecideAction,
  type DecideBody,
} from '@contract/review-cases';
import { FACTS_MAX } from '@contract/restrictions';
import { useFeature, usePermission } from '@/lib/core/session';
import { userName } from '@/lib/declared-columns';
import { formatDate } from '@/lib/format';
import { adminsQuery, levelsQuery, policiesQuery, warningTemplatesQuery, type CaseData } from './api';
import { CASE_TEXT } from './strings';

/** What the case page's keys ask of the panel. */
export type ActionPanelHandle = {
  open: (action: Exclude<DecideAction, 'release'>) => void;
  /** A preset's key (1, 2, 3) while Restrict is open: true when it picked one. */
  preset: (key: string) => boolean;
  close: () => void;
};

type Form = Exclude<DecideAction, 'release'>;
type Preset = (typeof CASE_TEXT.presets)[number]['value'];

const ACTION_KEYS: Record<DecideAction, string> = {
  dismiss: 'd',
  warn: 'w',
  restrict: 'x',
  escalate: 'e',
  release: 'r',
};
const ACTION_LABELS: Record<DecideAction, string> = {
  dismiss: CASE_TEXT.dismiss,
  warn: CASE_TEXT.warn,
  restrict: CASE_TEXT.restrict,
  escalate: CASE_TEXT.escalate,
  release: CASE_TEXT.release,
};

/** The policy most of the case's reports cite, else the item's. */
function likelyPolicy({ reports, item }: CaseData): string {
  const counts = new Map<string, number>();
  for (const report of reports)
    if (report.policy) counts.set(report.policy._id, (counts.get(report.policy._id) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return top?.[0] ?? item.policy?._id ?? '';
}

/** The facts a restriction states, drawn from the reports: what was reported, how often and when. */
export function factsFromReports({ reports }: CaseData): string {
  if (!reports.length) return '';
  const first = formatDate(reports[0]!.createdAt);
  const last = formatDate(reports.at(-1)!.createdAt);
  const when = first === last ? `on ${first}` : `between ${first} and ${last}`;
  const times = reports.length === 1 ? 'once' : `${reports.length} times`;
  const quoted = [...new Set(reports.map((report) => report.message.trim()))].map(
    (message) => `"${message}"`,
  );
  return `Reported ${times} ${when}: ${quoted.join('; ')}`.slice(0, FACTS_MAX);
}

const presetEnd = (preset: Preset, now = Date.now()) => {
  const hours = CASE_TEXT.presets.find((option) => option.value === preset)?.hours ?? null;
  return hours === null ? null : new Date(now + hours * 3_600_000).toISOString();
};

function Submit({
  busy,
  label,
  focusRef,
  onSubmit,
  keys,
}: {
  busy: boolean;
  label: string;
  focusRef: Ref<HTMLButtonElement>;
  onSubmit: (andNext: boolean) => void;
  keys: string;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button ref={focusRef} loading={busy} onClick={() => onSubmit(true)} aria-keyshortcuts={keys}>
        {CASE_TEXT.decideAndNext}
      </Button>
      <Button variant="default" disabled={busy} onClick={() => onSubmit(false)}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * The case's decision: Dismiss (a reason), Warn (a message, from a template where 'notice-templates' is announced),
 * Restrict (policy and facts drawn from the reports, a preset length), Escalate (a level, to a named admin or the
 * Owners) and Release. A key opens each; the focus lands on "Decide and next", so Enter decides.
 */
export function ActionPanel({
  ref,
  data,
  busy,
  onSubmit,
}: {
  ref: Ref<ActionPanelHandle>;
  data: CaseData;
  busy: boolean;
  onSubmit: (body: DecideBody, andNext: boolean) => void;
}) {
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  // Where the focus goes once the opened form is on screen.
  const [focusWanted, setFocusWanted] = useState(0);

  const [reason, setReason] = useState<string>(CASE_TEXT.dismissReasons[0]);
  const [otherReason, setOtherReason] = useState('');
  const [message, setMessage] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [policyId, setPolicyId] = useState(() => likelyPolicy(data));
  const [facts, setFacts] = useState(() => factsFromReports(data));
  const [preset, setPreset] = useState<Preset>('7d');
  const [levelId, setLevelId] = useState('');
  const [assignee, setAssignee] = useState('owners');

  const withTemplates = useFeature('notice-templates');
  const withLevels = useFeature('review-priorities');
  const managesAdmins = usePermission('admins.manage');
  const withAdmins = useFeature('admins');
  const namesAdmins = managesAdmins && withAdmins;
  const templates = useQuery({ ...warningTemplatesQuery(), enabled: withTemplates && form === 'warn' });
  // Read with the panel, so that a key's form is whole when it opens.
  const policies = useQuery(policiesQuery());
  const levels = useQuery({ ...levelsQuery(), enabled: withLevels });
  const admins = useQuery({ ...adminsQuery(), enabled: namesAdmins && form === 'escalate' });

  // Escalating raises the case one level (the level above its own), unless the admin picks another.
  const levelList = levels.data ?? [];
  const current = data.item.level;
  const raised =
    [...levelList].reverse().find((level) => current && level.rank < current.rank) ?? current ?? levelList[0];
  const chosenLevel = levelId || raised?._id || '';

  useEffect(() => {
    if (!focusWanted) return;
    if (form === 'warn') messageRef.current?.focus();
    else submitRef.current?.focus();
  }, [focusWanted, form]);

  const open = (next: Form) => {
    setForm(next);
    setError(null);
    setFocusWanted((count) => count + 1);
  };

  useImperativeHandle(ref, () => ({
    open,
    preset: (key) => {
      const option = CASE_TEXT.presets.find((candidate) => candidate.key === key);
      if (form !== 'restrict' || !option) return false;
      setPreset(option.value);
      submitRef.current?.focus();
      return true;
    },
    close: () => setForm(null),
  }));

  const memberName = data.member ? userName(data.member) : '';
  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.data?.find((candidate) => candidate._id === id);
    if (!template) return;
    const policy = data.item.policy?.name ?? '';
    setMessage(fillTemplate(template.body, { member_name: memberName, policy, facts }).text);
  };

  const body = (): DecideBody | string => {
    switch (form) {
      case 'dismiss': {
        const text = (reason === CASE_TEXT.otherReason ? otherReason : reason).trim();
        if (!text) return CASE_MESSAGES.reasonRequired;
        if (text.length > DISMISS_REASON_MAX) return CASE_MESSAGES.reasonTooLong;
        return { action: 'dismiss', reason: text };
      }
      case 'warn': {
        const text = message.trim();
        if (!text) return CASE_MESSAGES.messageRequired;
        if (text.length > WARNING_MAX) return CASE_MESSAGES.messageTooLong;
        // A template's placeholder left in the message is never sent.
        const unfilled = placeholdersIn(text);
        if (unfilled.length) return CASE_MESSAGES.unfilled(unfilled);
        return { action: 'warn', message: text, ...(templateId ? { templateId } : {}) };
      }
      case 'restrict': {
        if (!policyId) return CASE_TEXT.pickPolicy;
        const restriction = data.member?.restriction;
        return {
          action: 'restrict',
          restriction: {
            policyId,
            facts: facts.trim(),
            endsAt: presetEnd(preset),
            ...(restriction ? { replaces: restriction.reference } : {}),
          },
        };
      }
      case 'escalate':
        return { action: 'escalate', levelId: chosenLevel, assigneeId: assignee };
      default:
        return CASE_MESSAGES.actionUnknown;
    }
  };

  const decide = (andNext: boolean) => {
    const built = body();
    if (typeof built === 'string') {
      setError(built);
      return;
    }
    setError(null);
    onSubmit(built, andNext);
  };

  const actionButton = (action: DecideAction) => (
    <Button
      key={action}
      size="xs"
      variant={form === action ? 'filled' : 'light'}
      color={action === 'release' ? 'gray' : undefined}
      aria-pressed={action === 'release' ? undefined : form === action}
      aria-keyshortcuts={ACTION_KEYS[action]}
      disabled={busy}
      onClick={() => (action === 'release' ? onSubmit({ action: 'release' }, false) : open(action))}
    >
      {ACTION_LABELS[action]}
    </Button>
  );

  let fields: ReactNode = null;
  if (form === 'dismiss')
    fields = (
      <>
        <Radio.Group label={CASE_TEXT.dismissReason} value={reason} onChange={setReason}>
          <Stack gap={6} mt={6}>
            {[...CASE_TEXT.dismissReasons, CASE_TEXT.otherReason].map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === CASE_TEXT.otherReason ? (
          <TextInput
            label={CASE_TEXT.otherReason}
            value={otherReason}
            maxLength={DISMISS_REASON_MAX}
            onChange={(event) => setOtherReason(event.currentTarget.value)}
          />
        ) : null}
      </>
    );
  else if (form === 'warn')
    fields = (
      <>
        {withTemplates ? (
          <NativeSelect
            label={CASE_TEXT.template}
            value={templateId}
            onChange={(event) => applyTemplate(event.currentTarget.value)}
            data={[
              { value: '', label: CASE_TEXT.noTemplate },
              ...(templates.data ?? []).map((template) => ({ value: template._id, label: template.name })),
            ]}
          />
        ) : null}
        <Textarea
          ref={messageRef}
          label={CASE_TEXT.warning}
          value={message}
          rows={5}
          maxLength={WARNING_MAX}
          aria-keyshortcuts="Control+Enter"
          onChange={(event) => setMessage(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              decide(true);
            }
          }}
        />
      </>
    );
  else if (form === 'restrict')
    fields = (
      <>
        <NativeSelect
          label={CASE_TEXT.policy}
          value={policyId}
          onChange={(event) => setPolicyId(event.currentTarget.value)}
          data={[
            { value: '', label: CASE_TEXT.pickPolicy },
            ...(policies.data ?? []).map((policy) => ({ value: policy._id, label: policy.message })),
            ...(policyId && !policies.data?.some((policy) => policy._id === policyId)
              ? [{ value: policyId, label: data.item.policy?.name ?? policyId }]
              : []),
          ]}
        />
        <Textarea
          label={CASE_TEXT.facts}
          value={facts}
          rows={5}
          maxLength={FACTS_MAX}
          onChange={(event) => setFacts(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="case-duration">
            {CASE_TEXT.duration}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="case-duration">
            {CASE_TEXT.presets.map((option) => (
              <Button
                key={option.value}
                size="xs"
                variant={preset === option.value ? 'filled' : 'default'}
                aria-pressed={preset === option.value}
                aria-keyshortcuts={option.key}
                onClick={() => setPreset(option.value)}
              >
                {option.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </>
    );
  else if (form === 'escalate')
    fields = (
      <>
        {withLevels && levelList.length ? (
          <NativeSelect
            label={CASE_TEXT.level}
            value={chosenLevel}
            onChange={(event) => setLevelId(event.currentTarget.value)}
            data={levelList.map((level) => ({ value: level._id, label: level.name }))}
          />
        ) : null}
        <NativeSelect
          label={CASE_TEXT.escalateTo}
          value={assignee}
          onChange={(event) => setAssignee(event.currentTarget.value)}
          data={[
            { value: 'owners', label: CASE_TEXT.owners },
            ...(admins.data ?? [])
              .filter(
                (admin) =>
                  (admin.status ?? 'active') === 'active' &&
                  (admin.role === undefined || admin.role === 'owner' || admin.role === 'moderator'),
              )
              .map((admin) => ({ value: admin._id, label: admin.name })),
          ]}
        />
      </>
    );

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" role="group" aria-label={CASE_TEXT.decision}>
        {(['dismiss', 'warn', 'restrict', 'escalate', 'release'] as const).map(actionButton)}
      </Group>
      {form ? (
        <Stack
          gap="sm"
          component="form"
          aria-label={ACTION_LABELS[form]}
          onSubmit={(event) => event.preventDefault()}
        >
          {fields}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Submit
            busy={busy}
            label={CASE_TEXT.decideOnly[form]}
            focusRef={submitRef}
            onSubmit={decide}
            keys={form === 'warn' ? 'Control+Enter' : 'Enter'}
          />
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            aria-keyshortcuts="Escape"
            onClick={() => setForm(null)}
          >
            {CASE_TEXT.cancel}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
