import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/render';

vi.mock('@/features/dashboard/dashboard-page', () => ({
  DashboardPage: () => {
    throw new Error('render failure');
  },
}));

describe('a screen that crashes', () => {
  it('shows what happened inside the layout, and the other screens still work', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(await screen.findByRole('table', { name: 'FAQ' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
