import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

/**
 * Fields show the API's limits (contract/limits.ts) before the server has to refuse: text takes no more than its
 * maximum and counts near it, a number says its range and refuses past it, a file field says what it takes and
 * refuses another kind or a larger file the moment it is chosen, keeping none of it.
 */

const MB = 1024 * 1024;
const png = (name: string, bytes = 4) => {
  const content = new Uint8Array(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47]);
  return new File([content], name, { type: 'image/png' });
};
const pdf = () => new File(['%PDF-1.4'], 'ticket.pdf', { type: 'application/pdf' });
const fileInput = (index = 0) => document.querySelectorAll('input[type="file"]')[index] as HTMLInputElement;

describe('a text field', () => {
  it("takes no more than the server's maximum, and counts its characters from 90% of it", async () => {
    renderApp('/faq/add');
    const question = await screen.findByLabelText('Question', {}, { timeout: 5000 });
    expect(question).toHaveAttribute('maxlength', '1000');
    fireEvent.change(question, { target: { value: 'q'.repeat(899) } });
    expect(screen.queryByText(/\/ 1,000$/)).toBeNull();
    fireEvent.change(question, { target: { value: 'q'.repeat(900) } });
    expect(screen.getByText('900 / 1,000')).toBeInTheDocument();
    expect(question).toHaveAccessibleDescription('900 / 1,000');
  });
});

describe('a number field', () => {
  it("says its range, and refuses a number past it before anything is sent (an offer's Off, 0 to 100)", async () => {
    const { user } = renderApp('/offer/add');
    const off = await screen.findByLabelText('Off (%)', {}, { timeout: 5000 });
    expect(off).toHaveAttribute('min', '0');
    expect(off).toHaveAttribute('max', '100');
    expect(off).toHaveAccessibleDescription('From 0 to 100');
    await user.type(off, '101');
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Off (%) must be at most 100')).toBeInTheDocument();
    expect(await apiCalls('/api/offer/create')).toHaveLength(0);
  });
});

describe('a file field', () => {
  it('says which files it takes, and refuses another kind when chosen, keeping none of it', async () => {
    const { user } = renderApp('/offer/add');
    const anyFile = userEvent.setup({ applyAccept: false });
    const logo = await screen.findByLabelText('Brand Logo', {}, { timeout: 5000 });
    expect(logo).toHaveAccessibleDescription(/PNG, JPEG, WebP or GIF image, at most 5 MB/);
    await anyFile.upload(fileInput(0), pdf());
    expect(await screen.findByText('Brand Logo must be a PNG, JPEG, WebP or GIF image')).toBeInTheDocument();
    expect(screen.queryByText('ticket.pdf')).toBeNull();
    // A refused choice stands until another: the form is not sent.
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    expect(await apiCalls('/api/offer/create')).toHaveLength(0);

    await user.upload(fileInput(0), png('logo.png'));
    await waitFor(() =>
      expect(screen.queryByText('Brand Logo must be a PNG, JPEG, WebP or GIF image')).toBeNull(),
    );
    expect(screen.getByText('logo.png')).toBeInTheDocument();
  });

  it('keeps a form whose other fields are valid from being sent while its refused choice stands', async () => {
    const { user } = renderApp('/profile');
    const anyFile = userEvent.setup({ applyAccept: false });
    // Valid: 'admin-password-rule' takes 12 characters or more, not a common password.
    await user.type(await screen.findByLabelText('New Password'), 'quiet-harbour-lantern-42');
    await user.type(screen.getByLabelText('Current password'), 'Admin@123');
    await anyFile.upload(fileInput(0), pdf());
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    const refusal = await screen.findByText('Profile Image must be a PNG, JPEG, WebP or GIF image');
    expect(screen.queryByText('ticket.pdf')).toBeNull();
    expect(await apiCalls('/api/admin/profile/update')).toHaveLength(0);
    expect(refusal).toBeInTheDocument();

    await user.upload(fileInput(0), png('me.png'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(async () => expect(await apiCalls('/api/admin/profile/update')).toHaveLength(1));
  });

  it("refuses a file larger than the server takes when chosen, with the server's words", async () => {
    const { user } = renderApp('/post/add');
    await screen.findByLabelText('Name');
    await user.upload(fileInput(0), png('huge.png', 5 * MB + 1));
    expect(await screen.findByText('Image 1 must be at most 5 MB')).toBeInTheDocument();
    expect(screen.queryByText('huge.png')).toBeNull();
    expect(screen.getByLabelText('Video')).toHaveAccessibleDescription(
      /MP4, WebM, Ogg or MOV video, at most 50 MB/,
    );
  });
});
