import { Badge, Button, Group, Loader } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseStatus } from '@contract/moderation';
import { USERS_KEY } from '@/lib/core/query-roots';
import { useFeature, usePermission } from '@/lib/core/session';
import { notify } from '@/lib/notify';
import type { CaseChange } from './case-flows';
import { CASE_CHANGES } from './api';
import { CASE_STATUS_COLOUR, MODERATION_TEXT } from './strings';

/** What the case actions need of a chat report ('report-cases'): its case, and the reported user when known. */
export type ReportCase = {
  _id: string;
  status: CaseStatus;
  reported: { _id: string; name: string; surname?: string; email?: string } | null;
  /** 'restrictions': the reported member's restriction in force. */
  reportedRestriction?: { reference: string; endsAt: string | null } | null;
};

/** The actions' questions and calls (case-flows.ts), loaded on the first click. */
const flows = () => import('./case-flows');

/** A chat report's case: Open, Actioned or Dismissed. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return (
    <Badge color={CASE_STATUS_COLOUR[status]} variant="light" tt="none">
      {status}
    </Badge>
  );
}

/** What "Deactivate reported user" changes, and how its failure is titled. */
const DEACTIVATE_META = { invalidates: [...CASE_CHANGES, USERS_KEY], errorTitle: 'Error' } as const;

/** Busy without `loading`, so the button keeps the keyboard focus (as the users' status button does). */
const busyProps = (busy: boolean) => ({
  'aria-busy': busy,
  rightSection: busy ? <Loader size={12} color="currentColor" aria-hidden /> : null,
});

/**
 * A chat report's row actions ('report-cases'): Dismiss, with an optional note; "Deactivate reported user", with a
 * reason, which deactivates the user and marks the case Actioned (two calls; if only the first goes through, the
 * failure says so); where the reported member is already restricted ('restrictions'), "Mark actioned under R-…" in its
 * place, which closes the case under that restriction. Each shows only where it changes something. Failures show the server's words (the mutations'
 * meta); successes say what was done.
 */
export function CaseActions({ report }: { report: ReportCase }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (changed: CaseChange) => flows().then((module) => module.patchCase(changed)),
    meta: { invalidates: CASE_CHANGES },
  });
  const deactivate = useMutation({
    // Without 'restrictions' (with it, the restriction's dialog makes the same calls).
    mutationFn: (request: { reportId: string; reportOpen: boolean; userId: string; reason: string }) =>
      flows().then((module) => module.deactivateReported(queryClient, request)),
    meta: DEACTIVATE_META,
  });
  const busy = change.isPending || deactivate.isPending;
  // What the admin's role may do ('roles'): a case's status, and the reported member's.
  const decides = usePermission('reports.decide');
  const changesStatus = usePermission('members.status');
  const restricts = useFeature('restrictions');

  const dismiss = async () => {
    const note = await (await flows()).askDismissNote(MODERATION_TEXT.dismiss);
    if (note === undefined) return;
    change.mutate(
      { reportId: report._id, status: 'Dismissed', note },
      { onSuccess: () => notify.success(MODERATION_TEXT.dismissed) },
    );
  };

  const deactivateReported = async (reported: NonNullable<ReportCase['reported']>) => {
    // 'restrictions': a policy, the facts and a duration instead of a reason; the facts are the case's note. The
    // dialog makes both calls, and stays open on a refusal.
    if (restricts) {
      const module = await flows();
      await module.askReportedRestriction(reported, MODERATION_TEXT.deactivateReported, {
        save: (restriction) =>
          module
            .deactivateReported(queryClient, {
              reportId: report._id,
              reportOpen: report.status === 'Open',
              userId: reported._id,
              reason: restriction.facts,
              restriction,
            })
            .then(() => MODERATION_TEXT.actioned),
        meta: DEACTIVATE_META,
      });
      return;
    }
    const reason = await (await flows()).askDeactivationReason(reported, MODERATION_TEXT.deactivateReported);
    if (reason === undefined) return;
    deactivate.mutate(
      { reportId: report._id, reportOpen: report.status === 'Open', userId: reported._id, reason },
      { onSuccess: () => notify.success(MODERATION_TEXT.actioned) },
    );
  };

  // 'restrictions': the member is restricted already, so the report closes under that restriction.
  const markActionedUnder = async (restriction: NonNullable<ReportCase['reportedRestriction']>) =>
    (await flows()).confirmActionedUnder(restriction, () =>
      change.mutate(
        { reportId: report._id, status: 'Actioned', underRestriction: restriction.reference },
        { onSuccess: () => notify.success(MODERATION_TEXT.actionedUnderDone(restriction.reference)) },
      ),
    );
  const inForce = restricts ? report.reportedRestriction : null;

  return (
    <Group gap="xs">
      {decides && report.status !== 'Dismissed' ? (
        <Button
          size="xs"
          variant="light"
          color="gray"
          {...busyProps(change.isPending)}
          onClick={() => {
            if (!busy) void dismiss();
          }}
        >
          {MODERATION_TEXT.dismiss}
        </Button>
      ) : null}
      {decides && report.status === 'Open' && inForce ? (
        <Button
          size="xs"
          variant="light"
          color="orange"
          {...busyProps(change.isPending)}
          onClick={() => {
            if (!busy) void markActionedUnder(inForce);
          }}
        >
          {MODERATION_TEXT.markActionedUnder(inForce.reference)}
        </Button>
      ) : null}
      {decides && changesStatus && report.status !== 'Actioned' && report.reported && !inForce ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          {...busyProps(deactivate.isPending)}
          onClick={() => {
            if (!busy && report.reported) void deactivateReported(report.reported);
          }}
        >
          {MODERATION_TEXT.deactivateReported}
        </Button>
      ) : null}
    </Group>
  );
}
