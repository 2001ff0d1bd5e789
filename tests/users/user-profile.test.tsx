import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, type MockUser } from '@mocks/db';
import { AVATAR_COLOURS, avatarColour } from '@/features/users/avatar-colour';
import { apiCalls } from '../support/request-log';
import { renderApp, TEST_TOKEN, withoutFeatures } from '../support/render';

const section = (name: string) => screen.getByRole('region', { name });
const fieldValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

function richUser(): MockUser {
  const user = db.users[0]!;
  Object.assign(user, {
    name: 'Olivia',
    surname: 'Smith',
    email: 'olivia@example.com',
    countryCode: '+44',
    phoneNumber: '7700900123',
    isVerified: true,
    image1: 'uploads/a.png',
    image2: 'uploads/b.mp4',
    image3: 'uploads/c.jpg',
    image4: 'uploads/d.MOV',
    audioPrompt: 'uploads/voice.wav',
    audioPromptType: 'My ideal Sunday',
    hobbies: [
      { _id: 'h1', name: 'Hiking' },
      { _id: 'h2', name: 'Cooking' },
    ],
    height: 172,
    distance: 25,
    startAge: 25,
    endAge: 35,
    dob: '1990-12-05T00:00:00.000Z',
    address: 'London, UK',
    introduction: 'Coffee first.',
    gender: 'Female',
    interestIn: 'Men',
    workout: 'Often',
    lookingFor: 'New friends',
    smoking: 'No',
    drinking: 'Socially',
    answerPrompts: [{ type: 'My simple pleasures', description: 'Fresh bread.' }],
    plan: { productId: 'gold', status: 'active' },
  });
  return user;
}

describe('user profile', () => {
  it("deactivates and reactivates the user with the list's call and notifications, refreshing the profile", async () => {
    // A reason's dialog, as without 'restrictions' (its own dialog: tests/users/restrictions.test.tsx).
    withoutFeatures('restrictions');
    const person = db.users[1]!;
    person.enabled = true;
    const { user } = renderApp(`/users/${person._id}`);
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(within(header).getByText('Active')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Deactivate' }));
    // The API takes a reason ('status-reason'): none given, none sent.
    const ask = await screen.findByRole('dialog', {
      name: `Deactivate ${person.name} ${person.surname} (${person.email})?`,
    });
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(header).getByText('Inactive')).toBeInTheDocument();
    expect(db.users[1]!.enabled).toBe(false);
    const [call] = await apiCalls(`/api/admin/status/${person._id}`);
    expect(call?.method).toBe('PATCH');
    expect(call?.query).toEqual({ enabled: 'false' });
    expect(call?.body).toBeUndefined();
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    // The profile was read again after the change.
    expect((await apiCalls(`/api/user/read/${person._id}`)).length).toBeGreaterThanOrEqual(2);

    await user.click(within(header).getByRole('button', { name: 'Activate' }));
    expect(await within(header).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(db.users[1]!.enabled).toBe(true);
  });

  it('shows every section of a full profile', async () => {
    const user = richUser();
    const { user: admin } = renderApp(`/users/${user._id}`);
    // The first render also transforms the lazy route chunk: allow a cold start.
    expect(
      await screen.findByRole('heading', { name: 'Olivia Smith' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();

    const basic = section('Basic Information');
    expect(fieldValue(basic, 'Hobbies')).toBe('Hiking, Cooking');
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
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('renders a bare profile cleanly', async () => {
    const user = db.users.find((item) => !item.image1)!;
    Object.assign(user, {
      name: 'Noah',
      surname: '',
      hobbies: [],
      answerPrompts: [],
      plan: null,
      audioPrompt: null,
      audioPromptType: null,
      height: null,
      startAge: null,
      endAge: null,
      dob: null,
      introduction: '',
    });
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
