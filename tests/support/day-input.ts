import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Chooses a day in a day filter that shows its day as text until it is used and then loads its calendar
 * (src/features/activity/activity-filters.tsx): goes to the field, waits for the date input, types the day and
 * leaves the field.
 */
export async function chooseDay(user: ReturnType<typeof userEvent.setup>, label: string, typed: string) {
  await user.click(screen.getByLabelText(label));
  const input = await waitFor(() => {
    const field = screen.getByLabelText(label);
    expect(field).not.toHaveAttribute('readonly');
    return field;
  });
  await user.clear(input);
  await user.type(input, typed);
  await user.tab();
}
