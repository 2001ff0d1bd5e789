import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { api, callApi, resetData, signInAs, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { renderApp } from '../support/render';
import { PNG_BYTES, pngFile } from '../support/files';

/** The generic catalogue list and form, in depth, through the catalogues that use each feature of them. */

type StoredRecord = Record<string, unknown> & { _id: string };
type Ref = { _id: string; name: string; surname: string };
/** Every record a catalogue's listAll call reads, in the server's order (e.g. 'university'). */
const listAll = (collection: string) => api.get<StoredRecord[]>(`/api/${collection}/listAll`);
/** Every record of a paged list (offer, plan, blog, blog-category), newest first. */
const listed = async (path: string) =>
  (await callApi<{ result: StoredRecord[] }>('GET', `/api/${path}?page=1&limit=100`)).body.result;
/** The event list, newest first. */
const events = async () =>
  (await listed('event/list-admin')) as unknown as {
    _id: string;
    name: string;
    category: { name: string };
    startTime: string;
    endTime: string;
    userId: Ref;
    joinedUsers: Ref[];
  }[];
/** Where the console shows a stored file (the API's path under the API base, '' in the tests). */
const shownAt = (path: unknown) => `/${String(path)}`;
const icon = () => pngFile('icon.png');

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const notification = async (text: string) =>
  (await screen.findByText(text, { selector: '.mantine-Notification-description' })).closest(
    '[role="alert"]',
  ) as HTMLElement;

// Each test starts from the demo data: several change, add or delete records the others read.
beforeEach(resetData);

describe('the catalogue list', () => {
  it('shows the e-mail under the name, and distinct empty and error states', async () => {
    const [first] = await listAll('university');
    const view = renderApp('/university');
    const table = await screen.findByRole('table', { name: 'University' });
    const name = await within(table).findByText(String(first!.name));
    expect(within(name.closest('td')!).getByText(String(first!.email))).toBeInTheDocument();
    view.unmount();

    for (const university of await listAll('university'))
      await api.delete(`/api/university/delete/${university._id}`);
    const empty = renderApp('/university');
    expect(await screen.findByText('No universities yet')).toBeInTheDocument();
    empty.unmount();

    server.use(http.get('*/api/university/listAll', () => HttpResponse.json({ success: true, result: 7 })));
    renderApp('/university');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
  });

  it('shows Active in the success style and Inactive in the danger style', async () => {
    renderApp('/languages');
    const table = await screen.findByRole('table', { name: 'Languages' });
    const active = (await within(table).findAllByText('Active'))[0]!.closest('.mantine-Badge-root')!;
    const inactive = within(table).getByText('Inactive').closest('.mantine-Badge-root')!;
    expect(active.getAttribute('style')).toMatch(/green/);
    expect(inactive.getAttribute('style')).toMatch(/red/);
  });

  it('shows each icon at 50x50, rounded, and the default image when a record has none', async () => {
    const hobbies = await listAll('hobbies');
    const withIcon = hobbies.find((hobby) => hobby.icon);
    const without = hobbies.find((hobby) => !hobby.icon);
    renderApp('/hobbies');
    const shown = await screen.findByRole('img', { name: `${String(withIcon!.name)} icon` });
    expect(shown).toHaveAttribute('src', shownAt(withIcon!.icon));
    expect(shown.getAttribute('style')).toMatch(/width: calc\(3\.125rem/);
    expect(shown.getAttribute('style')).toMatch(/height: calc\(3\.125rem/);
    expect(screen.getByRole('img', { name: `${String(without!.name)} icon` })).toHaveAttribute(
      'src',
      '/default-hobby.svg',
    );
  });

  it("falls back to SPEC's looking-for messages when the server gives none", async () => {
    server.use(http.get('*/api/lookingfor/listAll', () => new HttpResponse(null, { status: 404 })));
    renderApp('/looking-for');
    expect(await notification('Failed to load data.')).toHaveTextContent('Info');
  });

  it.each([
    ['answers success: false', () => HttpResponse.json({ success: false }), 'Something went wrong.'],
    ['fails', () => new HttpResponse(null, { status: 500 }), 'Failed to delete item.'],
  ])("says SPEC's words when a looking-for delete %s without a message", async (_case, answer, text) => {
    server.use(http.delete('*/api/lookingfor/delete/:id', answer));
    const { user } = renderApp('/looking-for');
    const table = await screen.findByRole('table', { name: 'Looking For' });
    const row = (await within(table).findByText('New friends')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await notification(text)).toBeInTheDocument();
    expect(within(table).getByText('New friends')).toBeInTheDocument();
  });
});

describe('the setting list (a single record)', () => {
  it('opens each text in its own dialog as sanitised HTML, with an edit link and no Add', async () => {
    const [setting] = await listAll('setting');
    await api.patch(`/api/setting/update-with-image/${setting!._id}`, {
      privacy: '<p>Kept <b>safe</b></p><img src=x onerror="window.__settingXss=1">',
      termsCondition: setting!.termsCondition,
    });
    const { user } = renderApp('/setting');
    const table = await screen.findByRole('table', { name: 'Setting' });
    await user.click(await within(table).findByRole('button', { name: 'View Privacy' }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect((await within(privacy).findByText('safe')).tagName).toBe('B');
    expect(privacy.querySelector('[onerror]')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'View Terms & Condition' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms & Condition Policy' });
    expect(await within(terms).findByText(/Be kind, be honest/)).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Edit' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect((window as { __settingXss?: number }).__settingXss).toBeUndefined();
  });

  it('offers Add only while no record exists', async () => {
    // No API deletes the setting.
    await testDb().run('DELETE FROM settings');
    renderApp('/setting');
    expect(await screen.findByText('No setting yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/setting/add');
  });
});

describe('the catalogue form', () => {
  it('requires an icon while the record has none, and shows the stored one at 100x100 on update', async () => {
    const stored = (await listAll('eventcategory')).find((category) => category.icon)!;
    const { user } = renderApp(`/event-category/update/${stored._id}`);
    const preview = await screen.findByRole('img', { name: 'Icon preview' });
    expect(preview).toHaveAttribute('src', shownAt(stored.icon));
    expect(preview.closest('.mantine-Avatar-root')!.getAttribute('style')).toMatch(/6\.25rem/);
    await user.click(screen.getByRole('button', { name: 'Update Event Category' }));
    expect(await screen.findByText('Event category updated successfully!')).toBeInTheDocument();
    const [call] = await apiCalls(`/api/eventcategory/update-with-icon/${stored._id}`);
    // No new file chosen: the multipart body carries the fields only.
    expect([...(call?.body as FormData).keys()].sort()).toEqual(['enabled', 'name']);
  });

  it('keeps every typed value and the chosen file when the server refuses, and sends them again', async () => {
    let refusals = 1;
    server.use(
      http.post('*/api/hobbies/create-with-icon', () =>
        refusals-- > 0
          ? HttpResponse.json({ success: false, message: 'Hobby exists' }, { status: 409 })
          : undefined,
      ),
    );
    const { user, router } = renderApp('/hobbies/add');
    expect(await screen.findByRole('img', { name: 'Icon preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^http:.*\/default-hobby\.svg$/),
    );
    await user.type(await screen.findByLabelText('Name'), 'Climbing');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await user.upload(fileInput(), icon());
    await user.click(screen.getByRole('button', { name: 'Add Hobbies' }));

    expect(await notification('Hobby exists')).toHaveTextContent('Info');
    expect(router.state.location.pathname).toBe('/hobbies/add');
    expect(screen.getByLabelText('Name')).toHaveValue('Climbing');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    expect(screen.getByText('icon.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Icon preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    await user.click(screen.getByRole('button', { name: 'Add Hobbies' }));
    expect(await screen.findByText('Hobbies added successfully!')).toBeInTheDocument();
    const calls = await apiCalls('/api/hobbies/create-with-icon');
    expect(calls).toHaveLength(2);
    const body = calls[1]!.body as FormData;
    expect(body.get('name')).toBe('Climbing');
    expect(body.get('enabled')).toBe('false');
    expect((body.get('icon') as Blob).size).toBe(PNG_BYTES.length);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hobbies'));
    const climbing = (await listAll('hobbies')).find((hobby) => hobby.name === 'Climbing')!;
    expect(climbing).toMatchObject({ enabled: false, icon: expect.stringMatching(/\.png$/) });
    expect(await screen.findByRole('img', { name: 'Climbing icon' })).toHaveAttribute(
      'src',
      shownAt(climbing.icon),
    );
  });

  it("says 'Something went wrong' when a hobby save fails without a message", async () => {
    server.use(
      http.patch('*/api/hobbies/update-with-icon/:id', () => new HttpResponse(null, { status: 500 })),
    );
    const [hobby] = await listAll('hobbies');
    const { user } = renderApp(`/hobbies/update/${hobby!._id}`);
    await user.click(await screen.findByRole('button', { name: 'Update Hobbies' }));
    expect(await notification('Something went wrong')).toHaveTextContent('Info');
  });

  it('puts the saved record in the cache instead of reading it again, and refreshes the list', async () => {
    const [record] = await listAll('religiousbelief');
    const { user, router } = renderApp(`/religious-beliefs/update/${record!._id}`);
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Humanist');
    await user.click(screen.getByRole('button', { name: 'Update Religious Beliefs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/religious-beliefs'));
    const table = await screen.findByRole('table', { name: 'Religious Beliefs' });
    const row = (await within(table).findByText('Humanist')).closest('tr')!;

    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Humanist');
    expect(await apiCalls(`/api/religiousbelief/read/${record!._id}`)).toHaveLength(1);
    expect(await apiCalls('/api/religiousbelief/listAll')).toHaveLength(1);
  });

  it('refreshes the other screen over the same calls (language speak and languages)', async () => {
    const { user, router } = renderApp('/languages');
    expect(await screen.findByText('English')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Language Speak' }));
    await user.click(await screen.findByRole('link', { name: 'Add' }));
    await user.type(await screen.findByLabelText('Name'), 'Welsh');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Add Language Speak' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/language-speak'));
    await user.click(within(menu).getByRole('link', { name: 'Languages' }));
    const table = await screen.findByRole('table', { name: 'Languages' });
    expect(await within(table).findByText('Welsh')).toBeInTheDocument();
  });

  it('goes back with the Back button, and reads Add or Update by the route', async () => {
    const { user, router } = renderApp('/looking-for/Add');
    expect(await screen.findByRole('heading', { name: 'Add Looking For' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Looking For' })).toHaveAttribute('type', 'submit');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/looking-for'));
  });

  it("shows the server's message when the record does not exist", async () => {
    renderApp('/university-update/ffffffffffffffffffffffff');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
    expect(screen.getAllByText('University not found').length).toBeGreaterThan(0);
  });
});

describe('paginated catalogues (offer, plan, blogs, blog categories)', () => {
  it('pages through the list with page and limit in the URL, numbering and showing each page', async () => {
    const offers = await listed('offer/list');
    const { user, router } = renderApp('/offer');
    const table = await screen.findByRole('table', { name: 'Offer' });
    expect(await within(table).findByText(String(offers[0]!.title))).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–10 of ${offers.length}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText(String(offers[10]!.title))).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect((await apiCalls('/api/offer/list')).at(-1)?.query).toEqual({ page: '2', limit: '10' });
  });

  it('shows thumbnails, the locale expiry date and the description in a dialog; a dash for a missing image', async () => {
    const offers = await listed('offer/list');
    // Every demo offer has a logo: one loses it (no API removes an offer's file).
    await testDb().run('UPDATE offers SET brand_logo = NULL WHERE id = $1', [offers[4]!._id]);
    const { user } = renderApp('/offer');
    const table = await screen.findByRole('table', { name: 'Offer' });
    const row = (await within(table).findByText(String(offers[0]!.title))).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Brand Logo' })).toHaveAttribute(
      'src',
      shownAt(offers[0]!.brandLogo),
    );
    expect(within(row).getByRole('img', { name: 'Image' })).toHaveAttribute('src', shownAt(offers[0]!.image));
    expect(
      within(row).getByText(new Date(String(offers[0]!.expireDate)).toLocaleDateString()),
    ).toBeInTheDocument();
    const withoutLogo = (await within(table).findByText(String(offers[4]!.title))).closest('tr')!;
    expect(within(withoutLogo).queryByRole('img', { name: 'Brand Logo' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'View Description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Description' });
    const description = new DOMParser().parseFromString(String(offers[0]!.description), 'text/html').body
      .textContent!;
    expect(within(dialog).getByText(description)).toBeInTheDocument();
  });

  it('marks an offer whose expiry has passed', async () => {
    const offers = await listed('offer/list');
    // A past day, which the API would not take: stored with SQL.
    await testDb().run('UPDATE offers SET expire_date = $2 WHERE id = $1', [
      offers[1]!._id,
      '2024-01-31T23:59:59.000Z',
    ]);
    renderApp('/offer');
    const table = await screen.findByRole('table', { name: 'Offer' });
    const expired = (await within(table).findByText(String(offers[1]!.title))).closest('tr')!;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    const current = within(table).getByText(String(offers[0]!.title)).closest('tr')!;
    expect(within(current).queryByText('Expired')).toBeNull();
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const { user } = renderApp('/offer/add');
    await screen.findByLabelText('Off (%)');
    const [logo] = document.querySelectorAll('input[type="file"]');
    fireEvent.change(logo!, {
      target: { files: [new File(['%PDF-1.7'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Brand Logo must be a PNG, JPEG, WebP or GIF image')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('lists plans with edit only: no delete, and no Add button', async () => {
    const plans = await listed('plan/list');
    renderApp('/plan');
    const table = await screen.findByRole('table', { name: 'Plan' });
    expect(await within(table).findByText(String(plans[0]!.name))).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Edit' })).toHaveLength(plans.length);
    expect(within(table).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
  });

  it('refuses a negative off with a clear message, keeping what was typed and sending nothing', async () => {
    const { user } = renderApp('/offer/add');
    await user.type(await screen.findByLabelText('Off (%)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Off (%) must be at least 0')).toBeInTheDocument();
    expect(screen.getByLabelText('Off (%)')).toHaveValue(-3);
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('refuses a fraction of a member before sending, as the API would (its whole numbers, from the contract)', async () => {
    const { user } = renderApp('/offer/add');
    await user.type(await screen.findByLabelText('Minimum Members'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Minimum Members must be a whole number')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  describe('offers no day before today for the expiry', () => {
    /**
     * Opens the expiry's calendar on a form loaded on `today` (only the clock's date is fixed; timers run). The
     * server shares the clock: the console signs in on that day, or the server would take its token for one issued
     * in the future.
     */
    async function calendarOn(today: Date) {
      vi.useFakeTimers({ toFake: ['Date'], now: today });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      await signInAs('owner');
      const { user } = renderApp('/offer/add');
      await screen.findByRole('heading', { name: 'Add Offer' });
      await user.click(await screen.findByRole('textbox', { name: 'Expire Date' }));
    }

    it('in the middle of a month: yesterday is on the calendar, and cannot be chosen', async () => {
      await calendarOn(new Date(2026, 5, 17, 9, 30));
      expect(await screen.findByRole('button', { name: '17 June 2026' })).toBeEnabled();
      expect(screen.getByRole('button', { name: '16 June 2026' })).toBeDisabled();
      expect(screen.getByRole('button', { name: '1 June 2026' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    });

    it('on the first of a month that starts on a Monday: the month before, with yesterday, cannot be opened', async () => {
      await calendarOn(new Date(2026, 5, 1, 9, 30));
      expect(await screen.findByRole('button', { name: '1 June 2026' })).toBeEnabled();
      // The calendar's first row starts with today, so yesterday is not on it.
      expect(screen.queryByRole('button', { name: '31 May 2026' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    });
  });

  it('fills the slug from the title until the admin edits it by hand', async () => {
    const { user } = renderApp('/blog/add');
    const titleInput = await screen.findByLabelText('Title');
    const slug = screen.getByLabelText('Slug');
    await user.type(titleInput, 'Ten Tips: Dating, Safely!');
    expect(slug).toHaveValue('ten-tips-dating-safely');
    await user.clear(slug);
    await user.type(slug, 'my-own-slug');
    await user.type(titleInput, ' Again');
    expect(slug).toHaveValue('my-own-slug');
  });

  it("offers the blog categories as blog types, and keeps a blog's image when none is chosen on update", async () => {
    const blog = (await listed('blog/list'))[0]!;
    const categories = await listAll('blog-category');
    const stored = categories.find((row) => row._id === blog.category)!;
    // Another category than the blog's.
    const category = categories.find((row) => row._id !== stored._id)!;
    const { user, router } = renderApp(`/blog/update/${blog._id}`);
    const blogType = await screen.findByRole('combobox', { name: 'Blog Type' });
    await waitFor(() => expect(blogType).toHaveValue(String(stored.name)));
    await user.click(screen.getByRole('combobox', { name: 'Blog Type' }));
    await user.click(await screen.findByRole('option', { name: String(category.name) }));
    await user.click(screen.getByRole('button', { name: 'Update Blog' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));

    const [call] = await apiCalls(`/api/blog/update/${blog._id}`);
    const body = call?.body as FormData;
    expect(body.get('category')).toBe(category._id);
    expect(body.has('file')).toBe(false);
    expect(await api.get(`/api/blog/read/${blog._id}`)).toMatchObject({
      image: blog.image,
      category: category._id,
    });
    expect((await apiCalls('/api/blog-category/listAll'))[0]?.method).toBe('GET');
  });

  it('offers a blog category as renamed on the next blog form: a write refreshes the choices other forms offer', async () => {
    const [category] = await listAll('blog-category');
    const { user, router } = renderApp('/blog/add');
    await user.click(await screen.findByRole('combobox', { name: 'Blog Type' }));
    expect(await screen.findByRole('option', { name: String(category!.name) })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('button', { name: 'Catalogues' }));
    await user.click(within(menu).getByRole('link', { name: 'Blog Category' }));
    const table = await screen.findByRole('table', { name: 'Blog Category' });
    const row = (await within(table).findByText(String(category!.name))).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Renamed meanwhile');
    await user.click(screen.getByRole('button', { name: 'Update Blog Category' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog-category'));

    await user.click(within(menu).getByRole('link', { name: 'Blogs' }));
    await user.click(await screen.findByRole('link', { name: 'Add' }));
    await user.click(await screen.findByRole('combobox', { name: 'Blog Type' }));
    expect(await screen.findByRole('option', { name: 'Renamed meanwhile' })).toBeInTheDocument();
  });

  it("shows an event's category, times and creator, and opens who joined, each a link", async () => {
    const event = (await events())[0]!;
    const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
    const { user } = renderApp('/event');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText(event.name)).closest('tr')!;
    expect(within(row).getByText(event.category.name)).toBeInTheDocument();
    expect(within(row).getByText(`${event.startTime} - ${event.endTime}`)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: fullName(event.userId) })).toHaveAttribute(
      'href',
      `/users/${event.userId._id}`,
    );
    const joined = within(row).getByRole('button', {
      name: `Joined User: ${event.name} (${event.joinedUsers.length})`,
    });
    await user.click(joined);
    const dialog = await screen.findByRole('dialog', { name: 'Joined User' });
    // A page of the joined users at a time (10), each a link to the profile.
    expect(event.joinedUsers.length).toBeGreaterThan(0);
    expect(await within(dialog).findAllByRole('link')).toHaveLength(Math.min(event.joinedUsers.length, 10));
    for (const person of event.joinedUsers)
      expect(within(dialog).getByRole('link', { name: fullName(person) })).toHaveAttribute(
        'href',
        `/users/${person._id}`,
      );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(joined).toHaveFocus());
  });

  it('prefills an event from event/read, its times and category included, and asks for a start time once cleared', async () => {
    const event = (await events())[1]!;
    const { user } = renderApp(`/event/update/${event._id}`);
    const start = await screen.findByLabelText('Start Time');
    expect(start).toHaveValue(event.startTime);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(event.category.name),
    );
    expect((await apiCalls(`/api/event/read/${event._id}`))[0]?.method).toBe('GET');
    fireEvent.change(start, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Please select start time')).toBeInTheDocument();
  });
});
