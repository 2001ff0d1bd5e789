import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour } from '@/features/users/avatar-colour';
import { api, resetData, signedInNow, testDb } from '../support/api-server';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';

type Member = { _id: string; name: string; surname: string; email: string; enabled: boolean };
type Policy = { _id: string; message: string };

const section = (name: string) => screen.getByRole('region', { name });
const fieldValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
const bearer = () => `Bearer ${signedInNow().token}`;

/** The first page of the users list (newest first), and a member as the API reads them. */
const firstMembers = () => api.get<Member[]>('/api/admin/list?page=1&items=10');
const memberOf = (id: string) => api.get<Member>(`/api/user/read/${id}`);

/**
 * A demo member given every part of a profile: their own doing in the app (no admin API writes a profile), so
 * written with SQL. The media paths name no stored file: jsdom loads no media.
 */
async function richUser(): Promise<Member> {
  const member = (await firstMembers())[0]!;
  const db = testDb();
  await db.run(
    `UPDATE users SET name = 'Olivia', surname = 'Smith', email = 'olivia@example.com', country_code = '+44',
       phone_number = '7700900123', is_verified = true, image1 = 'uploads/a.png', image2 = 'uploads/b.mp4',
       image3 = 'uploads/c.jpg', image4 = 'uploads/d.MOV', audio_prompt = 'uploads/voice.wav',
       audio_prompt_type = 'My ideal Sunday', height = 172, distance = 25, start_age = 25, end_age = 35,
       dob = '1990-12-05T00:00:00.000Z', address = 'London, UK', introduction = 'Coffee first.', gender = 'Female',
       interest_in = 'Men', workout = 'Often', looking_for = 'New friends', smoking = 'No', drinking = 'Socially'
     WHERE id = $1`,
    [member._id],
  );
  await db.run('DELETE FROM user_hobbies WHERE user_id = $1', [member._id]);
  await db.run(
    `INSERT INTO user_hobbies (user_id, hobby_id) SELECT $1, id FROM hobbies WHERE name IN ('Hiking', 'Cooking')`,
    [member._id],
  );
  await db.run('DELETE FROM user_prompts WHERE user_id = $1', [member._id]);
  await db.run(
    `INSERT INTO user_prompts (user_id, position, type, description)
     VALUES ($1, 0, 'My simple pleasures', 'Fresh bread.')`,
    [member._id],
  );
  await db.run('DELETE FROM user_plans WHERE user_id = $1', [member._id]);
  await db.run(`INSERT INTO user_plans (user_id, product_id, status) VALUES ($1, 'gold', 'active')`, [
    member._id,
  ]);
  return memberOf(member._id);
}

/** In the restriction dialog: a policy, the facts, and Permanent. */
async function fillRestriction(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getAllByLabelText(/^Policy/)[0]!);
  await user.click(await screen.findByRole('option', { name: 'Fake profile' }));
  await user.click(within(dialog).getByRole('textbox', { name: /^Facts and circumstances/ }));
  await user.paste('Stolen photos');
  await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
}

// Each test starts from the demo data: one deactivates a member, others rewrite a profile.
beforeEach(resetData);

describe('user profile', () => {
  it("deactivates and reactivates the user with the list's call and notifications, refreshing the profile", async () => {
    // The server's deactivation is a restriction: its dialog (tested in tests/users/restrictions.test.tsx).
    const person = (await firstMembers()).find((member) => member.enabled)!;
    const policy = (await api.get<Policy[]>('/api/reportelement/listAll')).find(
      (element) => element.message === 'Fake profile',
    )!;
    const { user } = renderApp(`/users/${person._id}`);
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(within(header).getByText('Active')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    const ask = await screen.findByRole('dialog', {
      name: `Deactivate ${person.name} ${person.surname} (${person.email})?`,
    });
    await fillRestriction(user, ask);
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(header).getByText('Inactive')).toBeInTheDocument();
    expect((await memberOf(person._id)).enabled).toBe(false);
    const [call] = await apiCalls(`/api/admin/status/${person._id}`);
    expect(call?.method).toBe('PATCH');
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toEqual({
      restriction: { policyId: policy._id, facts: 'Stolen photos', endsAt: null },
    });
    expect(call?.headers.get('authorization')).toBe(bearer());
    // The profile was read again after the change.
    expect((await apiCalls(`/api/user/read/${person._id}`)).length).toBeGreaterThanOrEqual(2);

    await user.click(within(header).getByRole('button', { name: 'Activate' }));
    expect(await within(header).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect((await memberOf(person._id)).enabled).toBe(true);
    // The profile's and the restriction dialog's code load cold in this first test: on a busy machine, over 20 s.
  }, 40_000);

  it('shows every section of a full profile', async () => {
    const user = await richUser();
    const { user: admin } = renderApp(`/users/${user._id}`);
    // The first render also transforms the lazy route chunk: allow a cold start.
    expect(
      await screen.findByRole('heading', { name: 'Olivia Smith' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();

    const basic = section('Basic Information');
    // The server lists hobbies by name.
    expect(fieldValue(basic, 'Hobbies')).toBe('Cooking, Hiking');
    expect(fieldValue(basic, 'Interest In')).toBe('Men');
    expect(fieldValue(basic, 'Workout')).toBe('Often');
    expect(fieldValue(basic, 'Looking For')).toBe('New friends');
    expect(fieldValue(basic, 'Height')).toBe('172 cm');
    expect(fieldValue(basic, 'Preferred Distance')).toBe('25');
    expect(fieldValue(basic, 'Smoking')).toBe('No');
    expect(fieldValue(basic, 'Drinking')).toBe('Socially');
    expect(fieldValue(basic, 'Interact Age')).toBe('25 - 35');
    expect(within(basic).getByText('My ideal Sunday')).toBeInTheDocument();
    expect(within(basic).getByLabelText('Audio Prompt')).toHaveAttribute('src', '/uploads/voice.wav');

    const personal = section('Personal Information');
    expect(fieldValue(personal, 'Mobile')).toBe('+44 7700900123');
    expect(fieldValue(personal, 'Email')).toBe('olivia@example.com');
    expect(fieldValue(personal, 'DOB')).toBe('5 December 1990');
    expect(fieldValue(personal, 'Gender')).toBe('Female');
    expect(fieldValue(personal, 'Location')).toBe('London, UK');
    expect(fieldValue(personal, 'Bio')).toBe('Coffee first.');

    expect(screen.getByRole('img', { name: 'Photo 1 of Olivia' })).toHaveAttribute('src', '/uploads/a.png');
    expect(screen.getByLabelText('Video 2 of Olivia').tagName).toBe('VIDEO');
    expect(screen.getByRole('img', { name: 'Photo 3 of Olivia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video 4 of Olivia').tagName).toBe('VIDEO');
    expect(screen.getByRole('button', { name: 'Previous media' })).toBeDisabled();
    expect(screen.getByText('1 / 4')).toBeInTheDocument();
    await admin.click(screen.getByRole('button', { name: 'Next media' }));
    expect(screen.getByText('2 / 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous media' })).toBeEnabled();

    const plan = section('Plan Details');
    expect(fieldValue(plan, 'Name')).toBe('Gold');
    expect(fieldValue(plan, 'Status')).toBe('Active');
    expect(fieldValue(section('Answer Prompts'), 'My simple pleasures')).toBe('Fresh bread.');

    const [call] = await apiCalls(`/api/user/read/${user._id}`);
    expect(call?.headers.get('authorization')).toBe(bearer());
  });

  it('renders a bare profile cleanly', async () => {
    // A demo member without media has no hobbies and no prompts either; a profile's parts are the member's doing.
    const user = await testDb().one<{ _id: string }>(
      "SELECT id AS _id FROM users WHERE role = 'user' AND image1 IS NULL ORDER BY rowid DESC LIMIT 1",
    );
    await testDb().run(
      `UPDATE users SET name = 'Noah', surname = '', audio_prompt = NULL, audio_prompt_type = NULL, height = NULL,
         start_age = NULL, end_age = NULL, dob = NULL, introduction = '' WHERE id = $1`,
      [user._id],
    );
    await testDb().run('DELETE FROM user_hobbies WHERE user_id = $1', [user._id]);
    await testDb().run('DELETE FROM user_prompts WHERE user_id = $1', [user._id]);
    await testDb().run('DELETE FROM user_plans WHERE user_id = $1', [user._id]);
    const { container } = renderApp(`/users/${user._id}`);
    expect(await screen.findByRole('heading', { name: 'Noah' })).toBeInTheDocument();
    expect(screen.getByText('N')).toHaveStyle({ backgroundColor: avatarColour('Noah') });
    expect(screen.getByText('No photos or videos')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Answer Prompts' })).not.toBeInTheDocument();
    expect(fieldValue(section('Basic Information'), 'Hobbies')).toBe('-');
    expect(fieldValue(section('Basic Information'), 'Interact Age')).toBe('-');
    expect(container.textContent).not.toMatch(/undefined|null|NaN|Invalid Date/);
  });

  it('shows the server message for an unknown user', async () => {
    renderApp('/users/ffffffffffffffffffffffff');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getAllByText('User not found').length).toBeGreaterThan(0);
  });

  it('picks the initial-avatar colour from the sum of character codes', () => {
    expect(avatarColour('A')).toBe(AVATAR_COLOURS[65 % 6]);
    expect(avatarColour('Ab')).toBe(AVATAR_COLOURS[(65 + 98) % 6]);
    expect(avatarColour('')).toBe(AVATAR_COLOURS[0]);
    expect(new Set(['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mia'].map(avatarColour)).size).toBeGreaterThan(
      1,
    );
  });
});
