import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { callApi, resetData, signedInNow, testDb } from '../support/api-server';
import { server } from '../support/msw';
import { apiCalls } from '../support/request-log';
import { addPost, type Post } from '../support/posts';
import { renderApp } from '../support/render';
import { mp4File, pngFile } from '../support/files';

/** The posts as the server lists them (newest first), all of them or those whose title holds `q`. */
const posts = async (q?: string) =>
  (
    await callApi<{ result: Post[] }>(
      'GET',
      `/api/post/list?page=1&items=100${q ? `&q=${encodeURIComponent(q)}&fields=name` : ''}`,
    )
  ).body.result;
const postNamed = async (name: string) => (await posts()).find((post) => post.name === name);
const bearer = () => `Bearer ${signedInNow().token}`;

const table = () => screen.findByRole('table', { name: 'Posts' }, { timeout: 5000 });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const rowOf = async (title: string) => {
  await waitFor(async () => expect(within(await table()).getByText(title)).toBeInTheDocument());
  return within(await table())
    .getByText(title)
    .closest('tr') as HTMLElement;
};
const listCalls = () => apiCalls('/api/post/list');
const lastListQuery = async () => (await listCalls()).at(-1)?.query;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search by title' });

/** The form's choosers, in order: Image 1, Image 2, Image 3, Video. */
const fileInputs = () => [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
// Each test starts from the demo data's 30 posts: several add, change or delete one.
beforeEach(resetData);

const fields = (body: unknown) =>
  Object.fromEntries(
    [...(body as FormData).entries()].map(([key, value]) => [
      key,
      typeof value === 'string' ? value : `file of ${value.size} bytes`,
    ]),
  );

describe('the posts list', () => {
  it('lists the first page with every column, asked with page and items', async () => {
    const all = await posts();
    const first = all[0]!;
    const author = first.userId!;
    // The admin's own time (no Z), later than any other post's so that the post stays the newest.
    await testDb().run('UPDATE posts SET created_at = $1 WHERE id = $2', [
      new Date('2099-12-05T15:30:00').toISOString(),
      first._id,
    ]);
    renderApp('/post');
    expect(await screen.findByRole('heading', { name: 'Posts' }, { timeout: 5000 })).toBeInTheDocument();
    for (const header of ['Title', 'Media', 'User Name', 'Added At', 'Action']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    const row = (await dataRows())[0]!;
    expect(within(row).getByText(first.name)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `${author.name} ${author.surname}` })).toHaveAttribute(
      'href',
      `/users/${author._id}`,
    );
    // Added At in the console's date format (SPEC gives this column none).
    expect(within(row).getByText('5 Dec 2099, 15:30')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/post/update/${first._id}`,
    );
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/post/add');
    expect(screen.getByText(`Showing 1–10 of ${all.length}`)).toBeInTheDocument();

    const calls = await listCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.query).toEqual({ page: '1', items: '10' });
    expect(calls[0]?.headers.get('authorization')).toBe(bearer());
  });

  it('searches by title only from 3 characters, or when cleared, and goes back to page 1', async () => {
    const sunny = (await posts('sun')).map((post) => post.name);
    expect([...sunny].sort()).toEqual([
      'A Sunday roast done right',
      'Rooftop sunset',
      'Sunday hike up Mam Tor',
      'Sunrise from Arthur’s Seat',
    ]);
    const { user, router } = renderApp('/post?page=2');
    await waitFor(async () => expect(await dataRows()).toHaveLength(10));
    expect(await lastListQuery()).toEqual({ page: '2', items: '10' });
    expect(searchBox()).toHaveAttribute('placeholder', 'Search by title');

    await user.type(searchBox(), 'su');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await listCalls()).toHaveLength(1);

    await user.type(searchBox(), 'n');
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({ page: '1', items: '10', q: 'sun', fields: 'name' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=sun'));
    await waitFor(async () => {
      // The first cell is the row's selection checkbox; the title follows it.
      const titles = (await dataRows()).map(
        (row) => (row as HTMLTableRowElement).cells[1]?.textContent ?? '',
      );
      expect(titles).toEqual(sunny);
    });

    await user.clear(searchBox());
    await waitFor(async () => expect(await lastListQuery()).toEqual({ page: '1', items: '10' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('restores the page and search from the URL', async () => {
    renderApp('/post?q=day');
    await waitFor(async () =>
      expect(await lastListQuery()).toEqual({ page: '1', items: '10', q: 'day', fields: 'name' }),
    );
    expect(searchBox()).toHaveValue('day');
  });

  it('shows the images and the video in a dialog, which closes and gives the focus back', async () => {
    const post = (await posts()).find((item) => item.image2 && item.image3 && item.video)!;
    // Every post on one page, wherever this one is in the list.
    const { user } = renderApp('/post?size=50');
    const opener = within(await rowOf(post.name)).getByRole('button', {
      name: `View media (4): ${post.name}`,
    });
    expect(opener).toHaveTextContent('View media (4)');
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: post.name });
    for (const [index, path] of [post.image1, post.image2, post.image3].entries()) {
      expect(within(dialog).getByRole('img', { name: `Image ${index + 1} of ${post.name}` })).toHaveAttribute(
        'src',
        `/${path}`,
      );
    }
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('src', `/${post.video}`);
    expect(video).toHaveAttribute('controls');
    expect(within(dialog).getByRole('button', { name: 'Next media' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a video-only post as a video, and offers nothing for a post without media', async () => {
    // The demo's posts all have a picture: a video-only post and one with no media are added.
    const videoOnly = await addPost('Clip of the week', { video: mp4File() });
    const bare = await addPost('Just words');
    const { user } = renderApp('/post?size=50');
    expect(
      within(await rowOf(bare.name)).getByRole('button', { name: `No media: ${bare.name}` }),
    ).toBeDisabled();

    await user.click(
      within(await rowOf(videoOnly.name)).getByRole('button', { name: `View media (1): ${videoOnly.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: videoOnly.name });
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(dialog.querySelector('video')).toHaveAttribute('src', `/${videoOnly.video}`);
    expect(within(dialog).queryByRole('button', { name: 'Next media' })).not.toBeInTheDocument();
  });

  it("deletes after SPEC's confirmation and refreshes the list", async () => {
    const target = (await posts())[1]!;
    const { user } = renderApp('/post');
    await user.click(within(await rowOf(target.name)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this item?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Post deleted successfully!')).toBeInTheDocument();
    await waitFor(async () => expect(within(await table()).queryByText(target.name)).not.toBeInTheDocument());
    const [call] = await apiCalls(`/api/post/delete/${target._id}`);
    expect(call?.method).toBe('DELETE');
    expect(call?.headers.get('authorization')).toBe(bearer());
    expect(await listCalls()).toHaveLength(2);
    expect(await postNamed(target.name)).toBeUndefined();
  });

  it('is in the sidebar', async () => {
    const { user, router } = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Posts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
    expect(await table()).toBeInTheDocument();
  });

  it('shows an empty state, and an error state for an unreadable answer', async () => {
    const view = renderApp('/post?q=zzzzzz');
    expect(await screen.findByText('No posts found', {}, { timeout: 5000 })).toBeInTheDocument();
    view.unmount();

    server.use(http.get('*/api/post/list', () => HttpResponse.json({ success: true, result: 'oops' })));
    renderApp('/post');
    expect(await screen.findByText('Could not load this data')).toBeInTheDocument();
  });
});

describe('the post form', () => {
  it('asks for a name before sending anything', async () => {
    const { user } = renderApp('/post/add');
    expect(await screen.findByRole('heading', { name: 'Add Post' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    expect(await screen.findByText('Please enter name')).toBeInTheDocument();
    expect((await apiCalls()).filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("adds a post as multipart with SPEC's fields, the admin as author, and returns to the list", async () => {
    const { user, router } = renderApp('/post/add');
    await user.type(await screen.findByLabelText('Name'), 'Autumn picnic');
    const [image1, , image3, video] = fileInputs();
    expect(image1).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    expect(video).toHaveAttribute('accept', expect.stringContaining('video/mp4'));
    await user.upload(image1!, pngFile('first.png'));
    await user.upload(image3!, pngFile('third.png'));
    await user.upload(video!, mp4File());
    expect(screen.getByRole('img', { name: 'Image 1 preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByLabelText('Video preview')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(screen.getByRole('button', { name: 'Add Post' }));

    expect(await screen.findByText('Post added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
    expect(await rowOf('Autumn picnic')).toBeInTheDocument();
    const [call] = await apiCalls('/api/post/create');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(bearer());
    const body = call?.body as FormData;
    expect([...body.keys()]).toEqual(['image1', 'image3', 'video', 'name', 'userId']);
    expect(fields(body)).toEqual({
      image1: 'file of 70 bytes',
      image3: 'file of 70 bytes',
      video: 'file of 12 bytes',
      name: 'Autumn picnic',
      userId: signedInNow().admin._id,
    });
    const [added] = await posts();
    expect(added).toMatchObject({ name: 'Autumn picnic', userId: { _id: signedInNow().admin._id } });
    expect(added?.video).toMatch(/\.mp4$/);
  });

  it('refuses a file that is not a video for the video, with a clear message', async () => {
    const { user } = renderApp('/post/add');
    // A chooser's `accept` can be bypassed (drag and drop, "All files"): the form checks the kind itself.
    const anyFile = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText('Name'), 'Holiday');
    await anyFile.upload(fileInputs()[3]!, new File(['%PDF-1.4'], 'ticket.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Video must be an MP4, WebM, Ogg or MOV video')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    expect(await apiCalls('/api/post/create')).toHaveLength(0);

    await user.upload(fileInputs()[3]!, mp4File('holiday.webm'));
    await waitFor(() =>
      expect(screen.queryByText('Video must be an MP4, WebM, Ogg or MOV video')).not.toBeInTheDocument(),
    );
  });

  it("loads the post into the update form, shows its media and says SPEC's words after saving", async () => {
    const post = (await posts()).find((item) => item.image2 && item.video)!;
    const { user, router } = renderApp(`/post/update/${post._id}`);
    expect(await screen.findByRole('heading', { name: 'Update Post' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue(post.name);
    expect(screen.getByRole('img', { name: 'Image 1 preview' })).toHaveAttribute('src', `/${post.image1}`);
    expect(screen.getByRole('img', { name: 'Image 2 preview' })).toHaveAttribute('src', `/${post.image2}`);
    expect(screen.getByLabelText('Video preview')).toHaveAttribute('src', `/${post.video}`);
    expect((await apiCalls(`/api/post/read/${post._id}`)).length).toBeGreaterThan(0);

    await user.clear(name);
    await user.type(name, 'Renamed post');
    await user.upload(fileInputs()[1]!, pngFile('second.png'));
    await user.click(screen.getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
    const [call] = await apiCalls(`/api/post/update/${post._id}`);
    expect(call?.method).toBe('PATCH');
    expect(fields(call?.body)).toEqual({
      image2: 'file of 70 bytes',
      name: 'Renamed post',
      userId: signedInNow().admin._id,
    });
    expect(await rowOf('Renamed post')).toBeInTheDocument();
    // Files not chosen again stay as they were.
    const saved = await postNamed('Renamed post');
    expect(saved).toMatchObject({ _id: post._id, image1: post.image1, video: post.video });
    expect(saved?.image2).not.toBe(post.image2);
  });

  it("keeps every typed value and chosen file when the server refuses, showing the server's message", async () => {
    server.use(
      http.post('*/api/post/create', () =>
        HttpResponse.json({ success: false, message: 'Video must be at most 50 MB' }, { status: 413 }),
      ),
    );
    const { user, router } = renderApp('/post/add');
    await user.type(await screen.findByLabelText('Name'), 'Too big');
    await user.upload(fileInputs()[0]!, pngFile('keep.png'));
    await user.upload(fileInputs()[3]!, mp4File('huge.mp4'));
    await user.click(screen.getByRole('button', { name: 'Add Post' }));

    const notification = await screen.findByRole('alert');
    expect(within(notification).getByText('Info')).toBeInTheDocument();
    expect(within(notification).getByText('Video must be at most 50 MB')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/post/add');
    expect(screen.getByLabelText('Name')).toHaveValue('Too big');
    expect(fileInputs()).toHaveLength(4);
    expect(screen.getByText('keep.png')).toBeInTheDocument();
    expect(screen.getByText('huge.mp4')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1 preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Post' })).toBeEnabled());

    // Sent again as it stands, nothing re-chosen.
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Add Post' }));
    expect(await screen.findByText('Post added successfully!')).toBeInTheDocument();
    const calls = await apiCalls('/api/post/create');
    expect(calls).toHaveLength(2);
    expect(fields(calls[1]?.body)).toEqual({
      image1: 'file of 70 bytes',
      video: 'file of 12 bytes',
      name: 'Too big',
      userId: signedInNow().admin._id,
    });
  });

  it('shows how much of the upload has gone while it is sent, and cannot be sent twice', async () => {
    // A slow line: the server answers after a while (a resolver returning nothing passes the call on).
    server.use(
      http.post('*/api/post/create', async () => {
        await delay(400);
      }),
    );
    const { user } = renderApp('/post/add');
    await user.type(await screen.findByLabelText('Name'), 'Long video');
    await user.upload(fileInputs()[3]!, mp4File());
    await user.click(screen.getByRole('button', { name: 'Add Post' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Uploading 0%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Post' })).toBeDisabled();
    expect(await screen.findByText('Post added successfully!')).toBeInTheDocument();
    expect(await apiCalls('/api/post/create')).toHaveLength(1);
  });

  it("takes no more of a name than the server's 500 characters, and says how many it holds", async () => {
    const { user } = renderApp('/post/add');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveAttribute('maxlength', '500');
    await user.click(name);
    await user.paste('x'.repeat(501));
    expect(name).toHaveValue('x'.repeat(500));
    expect(screen.getByText('500 / 500')).toBeInTheDocument();
  });
});
