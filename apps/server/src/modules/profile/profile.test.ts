import { messages, PROFILE_IMAGE_MAX_BYTES, profileResponseSchema } from '@tapeline/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatBans } from '../../platform/db/schema.ts';
import { seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp({ mail: 'outbox' });
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .toBuffer();
});

interface FormInput {
  username?: string;
  notification?: string;
  image?: { bytes: Uint8Array; name: string; type: string };
}

/** A real multipart request, as the browser's FormData sends it. */
async function postProfile(token: string, input: FormInput) {
  const form = new FormData();
  if (input.username !== undefined) form.set('username', input.username);
  if (input.notification !== undefined) form.set('notification', input.notification);
  if (input.image) {
    form.set('image', new Blob([input.image.bytes], { type: input.image.type }), input.image.name);
  }
  const res = await fetch(`${app.baseUrl}/api/profile`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/profile', () => {
  it('answers the profile fields to any signed-in user, subscribed or not', async () => {
    const { token } = await seedUser(app, { username: 'reader', vibe: 7, curPosts: 3, vip: true });
    const res = await app.call('GET', '/api/profile', { token });
    expect(res.status).toBe(200);
    const profile = profileResponseSchema.parse(res.body);
    expect(profile).toMatchObject({ username: 'reader', role: 'trader', vibe: 7, cur_posts: 3, vip: true });
    expect(res.body).not.toHaveProperty('email');
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('carries the reason of the ban that holds, so the banned trader still reads it after a reload', async () => {
    const until = new Date(app.clock.now() + 600_000);
    const { user, token } = await seedUser(app, { banExpAt: until });
    const { token: modToken, user: mod } = await seedUser(app, { role: 'mod' });
    const bans = app.ctx.database.db.insert(chatBans);
    await bans.values({
      userId: user.id,
      byId: mod.id,
      reason: 'spam',
      createdAt: new Date(app.clock.now()),
      until,
    });
    const res = await app.call('GET', '/api/profile', { token });
    expect(profileResponseSchema.parse(res.body)).toMatchObject({ ban_reason: 'spam' });
    // Nobody else's profile, nor a lapsed ban, carries one.
    const other = await app.call('GET', '/api/profile', { token: modToken });
    expect(other.body).not.toHaveProperty('ban_reason');
  });

  it('refuses a visitor with 401', async () => {
    const res = await app.call('GET', '/api/profile');
    expect(res).toMatchObject({ status: 401, body: { error: messages.invalidAccessToken } });
  });
});

describe('POST /api/profile', () => {
  it('saves a trimmed username and the notification flag', async () => {
    const { token } = await seedUser(app);
    const res = await postProfile(token, { username: '  tape_reader  ', notification: 'false' });
    expect(res.status).toBe(200);
    expect(profileResponseSchema.parse(res.body)).toMatchObject({
      username: 'tape_reader',
      chat_notification: false,
      image: null,
    });
    const again = await postProfile(token, { username: 'tape_reader', notification: 'true' });
    expect(again.body.chat_notification).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['blank', '   '],
    ['over 20 characters', 'x'.repeat(21)],
  ])('refuses a %s username with invalid_username', async (_label, username) => {
    const { token } = await seedUser(app);
    const res = await postProfile(token, { username });
    expect(res).toEqual({
      status: 400,
      body: { error: 'invalid_username', message: 'Username is required' },
    });
  });

  it('keeps usernames unique regardless of case', async () => {
    const first = await seedUser(app);
    const second = await seedUser(app);
    expect((await postProfile(first.token, { username: 'BigBull' })).status).toBe(200);
    const clash = await postProfile(second.token, { username: 'bigbull' });
    expect(clash).toEqual({
      status: 409,
      body: { error: 'username_taken', message: 'Username is already taken' },
    });
    // Saving one's own name again (even re-cased) is fine.
    expect((await postProfile(first.token, { username: 'bigBULL' })).status).toBe(200);
  });

  it('treats compatibility forms as the same name and refuses bidi and control characters', async () => {
    const first = await seedUser(app);
    const second = await seedUser(app);
    expect((await postProfile(first.token, { username: 'ＴａｐｅＫｉｎｇ' })).body).toMatchObject({
      username: 'TapeKing',
    });
    expect((await postProfile(second.token, { username: 'tapeking' })).status).toBe(409);
    for (const name of ['gme\u202Emoon', 'a\u2066b', 'line\nbreak']) {
      const res = await postProfile(second.token, { username: name });
      expect(res).toEqual({
        status: 400,
        body: { error: 'invalid_username', message: 'Username contains characters that are not allowed' },
      });
    }
  });

  it('re-encodes an uploaded PNG and serves it with nosniff', async () => {
    const { token, user } = await seedUser(app);
    const res = await postProfile(token, {
      username: 'picture',
      image: { bytes: png, name: 'me.png', type: 'image/png' },
    });
    expect(res.status).toBe(200);
    const image = String(res.body.image);
    expect(image).toMatch(new RegExp(`^/api/profile/image/${user.id}\\?v=\\d+$`));

    const served = await fetch(`${app.baseUrl}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('secret-gps-owner')).toBe(false);
  });

  it('accepts a photo of several megabytes (well over the JSON body limit)', async () => {
    const { token } = await seedUser(app);
    const noise = Buffer.from(Array.from({ length: 1500 * 1200 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 1500, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const res = await postProfile(token, {
      username: 'bigphoto',
      image: { bytes: big, name: 'b.png', type: 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(/^\/api\/profile\/image\//);
  });

  it('refuses an image over 10 MB with LIMIT_FILE_SIZE and keeps the old profile', async () => {
    const { token } = await seedUser(app, { username: 'heavy' });
    const res = await postProfile(token, {
      username: 'renamed',
      image: { bytes: new Uint8Array(11 * 1024 * 1024), name: 'big.png', type: 'image/png' },
    });
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(res).toEqual({
      status: 413,
      body: { error: 'LIMIT_FILE_SIZE', message: 'Image file size is too large' },
    });
    expect((await app.call('GET', '/api/profile', { token })).body.username).toBe('heavy');
  });

  // Built lazily: the PNG exists only once beforeAll has run.
  it.each<[string, () => Buffer, string, string]>([
    ['a text file named .png', () => Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png'],
    ['a declared non-image', () => png, 'doc.txt', 'text/plain'],
    ['a truncated PNG', () => png.subarray(0, 60), 'cut.png', 'image/png'],
  ])('refuses %s with FILE_UPLOAD_FAIL', async (_label, bytes, name, type) => {
    const { token } = await seedUser(app, { username: null });
    const res = await postProfile(token, { username: 'uploader', image: { bytes: bytes(), name, type } });
    expect(res).toEqual({
      status: 400,
      body: { error: 'FILE_UPLOAD_FAIL', message: 'Failed to upload profile image!' },
    });
    expect((await app.call('GET', '/api/profile', { token })).body.username).toBeNull();
  });

  it('treats an empty file part (no file chosen) as no image', async () => {
    const { token } = await seedUser(app);
    const res = await postProfile(token, {
      username: 'nofile',
      image: { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.body.image).toBeNull();
  });

  it('needs a session and a verified address, and a multipart body', async () => {
    expect((await postProfile('', { username: 'anon' })).status).toBe(401);
    const unverified = await seedUser(app, { emailVerified: false });
    expect(await postProfile(unverified.token, { username: 'squatter' })).toMatchObject({
      status: 403,
      body: { error: 'email_unverified' },
    });
    const { token } = await seedUser(app);
    const json = await app.call('POST', '/api/profile', { token, body: { username: 'json' } });
    expect(json.status).toBe(400);
  });

  it('answers 404 for a user without a picture or a malformed id', async () => {
    const { user } = await seedUser(app);
    expect((await app.call('GET', `/api/profile/image/${user.id}`)).status).toBe(404);
    expect((await app.call('GET', '/api/profile/image/not-a-uuid')).status).toBe(404);
  });
});
