import { Alert, Button, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import {
  fillNotice,
  PLACEHOLDER_VALUE_MAX,
  TEMPLATE_MESSAGES,
  type PlaceholderValues,
  type TemplateKind,
} from '@contract/notice-templates';
import { noticeTemplateQueries, type NoticeTemplate } from './api';
import { placeholderLabel, TEMPLATES_TEXT } from './strings';

/** What the picker holds: the template chosen, the placeholders' values, and the message they fill. */
export type PickedNotice = {
  templateId: string;
  templateName: string;
  /** Every placeholder's value as it stands (given, or typed over), by name. */
  values: Record<string, string>;
  subject: string;
  body: string;
  /** The placeholders still empty: while there is one, nothing may be sent. */
  unfilled: string[];
};

type TemplatePickerProps = {
  /** The templates offered: this kind's, for this policy (its own and those for any policy); every policy's when absent. */
  kind?: TemplateKind;
  policyId?: string | null;
  /** What the caller knows already (member_name, policy, facts…): each placeholder starts with it. */
  values?: PlaceholderValues;
  /** Whenever the message changes: the message as it stands, or null with no template chosen. */
  onChange?: (picked: PickedNotice | null) => void;
  /** With it, a Send button, which stays disabled while a placeholder is unfilled. */
  onSend?: (picked: PickedNotice) => void;
  sendLabel?: string;
  sending?: boolean;
};

/** The picked message for `template` with `values`. */
function pick(template: NoticeTemplate, values: Record<string, string>): PickedNotice {
  const own = Object.fromEntries(template.placeholders.map((name) => [name, values[name] ?? '']));
  const filled = fillNotice(template, own);
  return {
    templateId: template._id,
    templateName: template.name,
    values: own,
    subject: filled.subject,
    body: filled.body,
    unfilled: filled.unfilled,
  };
}

/**
 * Choose a warning or notice template ('notice-templates') for a policy, fill the placeholders it names (starting from
 * what the caller knows), and see the message it makes. "Send" stays disabled, saying which placeholders to fill, while
 * one is empty; the server refuses such a message anyway (services/notice-templates.ts, renderNotice).
 */
export function TemplatePicker({
  kind = 'warning',
  policyId,
  values: given = {},
  onChange,
  onSend,
  sendLabel = TEMPLATES_TEXT.send,
  sending = false,
}: TemplatePickerProps) {
  const ids = useId();
  const templates = useQuery(noticeTemplateQueries.forPolicy({ kind, policy: policyId ?? undefined }));
  const [templateId, setTemplateId] = useState('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const values = (overrides: Record<string, string>) => {
    const start = Object.fromEntries(
      Object.entries(given).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
    );
    return { ...start, ...overrides };
  };
  const rows = templates.data?.rows ?? [];
  const chosen = rows.find((template) => template._id === templateId);
  const picked = chosen ? pick(chosen, values(typed)) : null;

  // The caller hears of every change of the message, whatever made it (a choice, a keystroke, new values given).
  const tell = useEffectEvent((message: string) =>
    onChange?.(message === 'null' ? null : (JSON.parse(message) as PickedNotice)),
  );
  const said = JSON.stringify(picked);
  useEffect(() => tell(said), [said]);

  const unfilledId = `${ids}-unfilled`;
  return (
    <Stack gap="sm">
      <NativeSelect
        label={TEMPLATES_TEXT.template}
        value={templateId}
        onChange={(event) => setTemplateId(event.currentTarget.value)}
        disabled={templates.isPending}
        description={
          templates.isPending
            ? TEMPLATES_TEXT.loadingTemplates
            : rows.length === 0
              ? TEMPLATES_TEXT.noTemplates
              : undefined
        }
        data={[
          { value: '', label: TEMPLATES_TEXT.chooseTemplate },
          ...rows.map((template) => ({ value: template._id, label: template.name })),
        ]}
      />
      {chosen && picked
        ? chosen.placeholders.map((name) => {
            const Field = name === 'facts' ? Textarea : TextInput;
            return (
              <Field
                key={name}
                label={placeholderLabel(name)}
                description={`{{${name}}}`}
                required
                maxLength={PLACEHOLDER_VALUE_MAX}
                value={picked.values[name] ?? ''}
                onChange={(event) => setTyped({ ...typed, [name]: event.currentTarget.value })}
              />
            );
          })
        : null}
      {picked ? (
        <Paper withBorder p="sm" role="region" aria-label={TEMPLATES_TEXT.preview}>
          <Text fw={600} size="sm">
            {picked.subject}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt={4}>
            {picked.body}
          </Text>
        </Paper>
      ) : null}
      {picked && picked.unfilled.length ? (
        <Alert color="yellow" variant="light" id={unfilledId}>
          {TEMPLATE_MESSAGES.unfilled(picked.unfilled)}
        </Alert>
      ) : null}
      {onSend ? (
        <Button
          onClick={() => picked && !picked.unfilled.length && onSend(picked)}
          disabled={!picked || picked.unfilled.length > 0}
          loading={sending}
          aria-describedby={picked?.unfilled.length ? unfilledId : undefined}
          style={{ alignSelf: 'flex-end' }}
        >
          {sendLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
