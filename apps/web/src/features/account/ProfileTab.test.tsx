import { messages, type ProfileResponse, profileResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { roleLabel } from '../admin/index.ts';
import { accountText } from './accountText.ts';
import { ProfileTab } from './ProfileTab.tsx';

const text = accountText.profile;

const PROFILE: ProfileResponse = {
  username: 'tapereader',
  role: 'mod',
  chat: 1,
  vibe: 42,
  cur_posts: 17,
  tot_posts: 300,
  service1yr: true,
  vip: true,
  image: null,
  chat_notification: true,
  ban_exp_at: null,
};

function renderProfile(api: FakeApi, profile: Partial<ProfileResponse> = {}) {
  signedIn(api);
  api.on('GET /api/profile', ok(profileResponseSchema, { ...PROFILE, ...profile }));
  return renderUi(<ProfileTab />, { at: '/profile/profile', path: '/profile/profile', wrap: withSession });
}

const usernameBox = () => screen.getByLabelText(text.username);
const save = () => screen.getByRole('button', { name: accountText.save });
/** The one multipart POST /api/profile the tab sent. */
function sentForm(api: FakeApi): FormData {
  const calls = api.calls('POST /api/profile');
  expect(calls).toHaveLength(1);
  const body = calls[0]?.body;
  expect(body).toBeInstanceOf(FormData);
  return body as FormData;
}

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('ProfileTab', () => {
  it('shows the role badge, chat status, badges and this month’s figures', async () => {
    renderProfile(fakeApi());
    expect(await screen.findByTestId('role-badge')).toHaveTextContent(roleLabel('mod'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent(text.chatActive);
    expect(screen.getByText(text.service1yr)).toBeInTheDocument();
    expect(screen.getByText(text.vip)).toBeInTheDocument();
    expect(screen.getByText('17')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    // Total posts are not this month's figure.
    expect(screen.queryByText('300')).not.toBeInTheDocument();
    expect(usernameBox()).toHaveValue('tapereader');
    expect(screen.getByLabelText(text.chatNotification)).toBeChecked();
  });

  it('a trader with chat off and no badges reads Inactive and shows neither badge', async () => {
    renderProfile(fakeApi(), { role: 'trader', chat: 0, service1yr: false, vip: false });
    expect(await screen.findByTestId('role-badge')).toHaveTextContent(roleLabel('trader'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent(text.chatInactive);
    expect(screen.queryByText(text.service1yr)).not.toBeInTheDocument();
    expect(screen.queryByText(text.vip)).not.toBeInTheDocument();
  });

  it('says so when the profile cannot be fetched', async () => {
    const api = fakeApi();
    signedIn(api);
    api.on('GET /api/profile', fail(500, 'internal'));
    renderUi(<ProfileTab />, { wrap: withSession });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profileFetchFailed);
  });

  it('saves the trimmed username and the notification choice, and confirms', async () => {
    const api = fakeApi();
    api.on(
      'POST /api/profile',
      ok(profileResponseSchema, { ...PROFILE, username: 'newname', chat_notification: false }),
    );
    const { user } = renderProfile(api);
    await user.clear(await screen.findByLabelText(text.username));
    await user.type(usernameBox(), '  newname ');
    await user.click(screen.getByLabelText(text.chatNotification));
    await user.click(save());
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    const form = sentForm(api);
    expect(form.get('username')).toBe('newname');
    expect(form.get('notification')).toBe('false');
    expect(form.get('image')).toBeNull();
  });

  it('needs a username before sending', async () => {
    const api = fakeApi();
    const { user } = renderProfile(api);
    await user.clear(await screen.findByLabelText(text.username));
    await user.type(usernameBox(), '   ');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.usernameRequired);
    expect(api.calls('POST /api/profile')).toHaveLength(0);
  });

  it('shows the spec wording when the server finds the image too large', async () => {
    const api = fakeApi().on('POST /api/profile', fail(413, 'LIMIT_FILE_SIZE'));
    const { user } = renderProfile(api);
    await user.click(await screen.findByRole('button', { name: accountText.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.imageTooLarge);
  });

  it('shows the spec wording when the image upload fails', async () => {
    const api = fakeApi().on('POST /api/profile', fail(500, 'FILE_UPLOAD_FAIL'));
    const { user } = renderProfile(api);
    await user.click(await screen.findByRole('button', { name: accountText.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.imageUploadFailed);
  });

  it('previews a chosen image and sends it with the form', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview-1');
    URL.revokeObjectURL = vi.fn();
    const api = fakeApi().on(
      'POST /api/profile',
      ok(profileResponseSchema, { ...PROFILE, image: '/img/new.png' }),
    );
    const { user } = renderProfile(api);
    const picker = await screen.findByLabelText(text.chooseImage);
    expect(screen.queryByRole('img', { name: text.imagePreview })).not.toBeInTheDocument();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(picker, file);
    expect(await screen.findByRole('img', { name: text.imagePreview })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByText('me.png')).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    const sent = sentForm(api).get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    // Once saved, the preview is the server's stored image.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: text.imagePreview })).toHaveAttribute('src', '/img/new.png'),
    );
  });

  it('refuses an image over 10 MB before uploading, in the spec wording', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview-2');
    URL.revokeObjectURL = vi.fn();
    const api = fakeApi();
    const { user } = renderProfile(api);
    const file = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText(text.chooseImage), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.imageTooLarge);
    expect(screen.queryByRole('img', { name: text.imagePreview })).not.toBeInTheDocument();
    expect(api.calls('POST /api/profile')).toHaveLength(0);
  });

  it('a refused image also clears the one chosen before it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview-3');
    URL.revokeObjectURL = vi.fn();
    const api = fakeApi().on('POST /api/profile', ok(profileResponseSchema, PROFILE));
    const { user } = renderProfile(api);
    const picker = await screen.findByLabelText(text.chooseImage);
    await user.upload(picker, new File(['png'], 'first.png', { type: 'image/png' }));
    expect(await screen.findByText('first.png')).toBeInTheDocument();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(picker, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.imageTooLarge);
    expect(screen.queryByText('first.png')).toBeNull();
    expect(screen.queryByRole('img', { name: text.imagePreview })).not.toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(api.calls('POST /api/profile')).toHaveLength(1));
    expect(sentForm(api).get('image')).toBeNull();
  });

  it('shows the server’s wording for a username someone else has', async () => {
    const api = fakeApi().on('POST /api/profile', fail(409, 'username_taken', messages.usernameTaken));
    const { user } = renderProfile(api);
    await user.click(await screen.findByRole('button', { name: accountText.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.usernameTaken);
  });

  it('shows which username rule the server applied', async () => {
    const api = fakeApi().on('POST /api/profile', fail(400, 'invalid_username', messages.usernameForbidden));
    const { user } = renderProfile(api);
    await user.click(await screen.findByRole('button', { name: accountText.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.usernameForbidden);
  });
});
