import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '@/lib/format';
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

const DayInput = lazy(() =>
  import('@/components/form/day-input').then((module) => ({ default: module.DayInput })),
);

type DayFilterProps = {
  label: string;
  value: Day;
  onChange: (day: Day) => void;
  minDate?: string;
  maxDate?: string;
};

/**
 * A day of the range, in the console's date format: the chosen day as text until the admin goes to the field, then
 * the calendar (@mantine/dates, its own chunk), so that the list's first load does not carry the date picker.
 */
function DayFilter({ label, value, onChange, ...range }: DayFilterProps) {
  const [picking, setPicking] = useState(false);
  const shown = (
    <TextInput
      label={label}
      value={value ? formatDate(value) : ''}
      placeholder={ACTIVITY_TEXT.anyDay}
      readOnly
      onFocus={() => setPicking(true)}
    />
  );
  if (!picking) return shown;
  return (
    <Suspense fallback={shown}>
      <DayInput
        label={label}
        value={value}
        onChange={onChange}
        placeholder={ACTIVITY_TEXT.anyDay}
        autoFocus
        {...range}
      />
    </Suspense>
  );
}

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
      <DayFilter
        label={ACTIVITY_TEXT.from}
        value={value.from}
        maxDate={value.to || undefined}
        onChange={set('from')}
      />
      <DayFilter
        label={ACTIVITY_TEXT.to}
        value={value.to}
        minDate={value.from || undefined}
        onChange={set('to')}
      />
    </Group>
  );
}
