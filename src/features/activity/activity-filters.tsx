import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Day } from '@/lib/dates';
import { activityQueries } from './api';
import { activityQueryOf } from './calls';
import { ACTIVITY_TEXT, actionLabel, recordTypeLabel } from './strings';

/** The activity screen's filters as the admin sets them (and the URL will hold them): '' for any. */
export type ActivityFilterValues = {
  action: string;
  recordType: string;
  admin: string;
  /** The first day shown and the last one, in the admin's time zone ('YYYY-MM-DD'). */
  from: Day;
  to: Day;
};

export const NO_ACTIVITY_FILTERS: ActivityFilterValues = {
  action: '',
  recordType: '',
  admin: '',
  from: '',
  to: '',
};

/** The filters as GET /api/activity/list takes them: the days become instants of the admin's time zone. */
export { activityQueryOf };

/**
 * The activity screen's filters ('activity-log'): action, record type and admin as GET /api/activity/facets offers
 * them, and a range of days. Controlled: the list that shows the activity holds the values.
 */
export function ActivityFilters({
  value,
  onChange,
}: {
  value: ActivityFilterValues;
  onChange: (next: ActivityFilterValues) => void;
}) {
  const facets = useQuery(activityQueries.facets());
  const set = (field: keyof ActivityFilterValues) => (next: string) => onChange({ ...value, [field]: next });
  const options = (every: string, values: { value: string; label: string }[], current: string) => [
    { value: '', label: every },
    ...values,
    // A value from the URL that the facets do not (yet) offer stays shown as chosen.
    ...(current && !values.some((option) => option.value === current)
      ? [{ value: current, label: current }]
      : []),
  ];
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label={ACTIVITY_TEXT.action}
        data={options(
          ACTIVITY_TEXT.everyAction,
          (facets.data?.actions ?? []).map((action) => ({ value: action, label: actionLabel(action) })),
          value.action,
        )}
        value={value.action}
        onChange={(event) => set('action')(event.currentTarget.value)}
      />
      <NativeSelect
        label={ACTIVITY_TEXT.recordType}
        data={options(
          ACTIVITY_TEXT.everyRecordType,
          (facets.data?.recordTypes ?? []).map((type) => ({ value: type, label: recordTypeLabel(type) })),
          value.recordType,
        )}
        value={value.recordType}
        onChange={(event) => set('recordType')(event.currentTarget.value)}
      />
      <NativeSelect
        label={ACTIVITY_TEXT.admin}
        data={options(
          ACTIVITY_TEXT.everyAdmin,
          (facets.data?.admins ?? []).map((admin) => ({
            value: admin._id,
            label: admin.name || admin.email,
          })),
          value.admin,
        )}
        value={value.admin}
        onChange={(event) => set('admin')(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={ACTIVITY_TEXT.from}
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => set('from')(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={ACTIVITY_TEXT.to}
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set('to')(event.currentTarget.value)}
      />
    </Group>
  );
}
