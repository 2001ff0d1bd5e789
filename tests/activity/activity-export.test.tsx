import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userExportFileName } from '@contract/user-export';
import { callApi } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';
import { restoreObjectUrlsAfterEach } from '../support/object-urls';

/**
 * A users export in the activity log ('users-export' with 'activity-log'): exported from the Users list with its
 * filters and sort, it is a row of Activity that the Action filter finds as Exported, saying what was exported.
 */

// jsdom saves nothing: the export's file gets a made-up object URL and its link's click is not followed.
restoreObjectUrlsAfterEach();

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

describe('a users export on Activity', () => {
  it('is a row the Action filter offers as Exported: the users list, its file, the filters and the count', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:export') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const listed = await callApi<{ pagination: { count: number } }>(
      'GET',
      '/api/admin/list?page=1&filter=user.enabled&equal=false',
    );
    const inactive = listed.body.pagination.count;
    expect(inactive).toBeGreaterThan(1);

    const { user } = renderApp('/users?status=false&sort=name&order=desc');
    // The users screen's first render loads its code: slow on a busy machine.
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 10_000 });
    // Enabled once the list has its rows (there is nothing to export before).
    await waitFor(() => expect(exportButton).toBeEnabled());
    await user.click(exportButton);
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    await within(dialog).findByText(new RegExp(`^Exported ${inactive} rows to `), undefined, {
      timeout: 5000,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Activity' }),
    );
    const log = await screen.findByRole('table', { name: 'Activity' }, { timeout: 5000 });
    const action = screen.getByRole('combobox', { name: 'Action' });
    await within(action).findByRole('option', { name: 'Exported' });
    expect(
      within(screen.getByRole('combobox', { name: 'Record type' })).getByRole('option', {
        name: 'Users list',
      }),
    ).toHaveValue('user-list');
    await user.selectOptions(action, 'Exported');
    await waitFor(async () =>
      expect((await apiCalls('/api/activity/list')).at(-1)?.query).toEqual({
        page: '1',
        limit: '10',
        action: 'export',
      }),
    );
    await waitFor(() => expect(rowsOf(log)).toHaveLength(1));
    expect(cellsOf(rowsOf(log)[0]!)).toEqual([
      expect.any(String),
      'Admin User',
      'Exported',
      `Users list${userExportFileName(new Date())}`,
      `Exported ${inactive} users as CSV from unknown: status Inactive, sorted by name, descending`,
      '-',
    ]);
    expect(within(rowsOf(log)[0]!).queryByRole('link')).toBeNull();
  });
});
