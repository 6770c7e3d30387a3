import { API, AVATAR_MAX_BYTES, SETTINGS_MESSAGES, USERNAME_FALLBACK } from '@app/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { userAvatars, users } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function multipart(file: Buffer, options: { filename: string; contentType: string; field?: string }) {
  const boundary = '----avatar-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'avatar'}"; filename="${options.filename}"\r\nContent-Type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  cookie: string | undefined,
  file: Buffer,
  options: { filename: string; contentType: string; field?: string },
) => {
  const body = multipart(file, options);
  return t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.settings.changeAvatar}`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
};

/** A test picture: a horizontal gradient, so the crop and re-encode have real content to work on. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const storedAvatar = async (userId: string) =>
  (await t.database.db.select().from(userAvatars).where(eq(userAvatars.userId, userId)))[0];

describe('GET user_info', () => {
  it('answers 401 signed out and exactly the spec §3 User info fields signed in', async () => {
    expect((await call('GET', API.settings.userInfo)).statusCode).toBe(401);
    const { email, cookie } = await signedInUser(t, { isLead: true });
    const response = await call('GET', API.settings.userInfo, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: null,
      email,
      avatar: null,
      is_lead: true,
      notification_payments: true,
      notification_account: true,
    });
  });
});

describe('POST change-username', () => {
  it('sets a 3-20 character name and shows it in user_info, the dashboard and check_user_auth', async () => {
    const { cookie } = await signedInUser(t);
    const name = `Trader_${Date.now() % 100_000}`;
    const response = await call('POST', API.settings.changeUsername, cookie, { username: `  ${name} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Операция успешно выполнена',
      username: name,
    });
    expect((await call('GET', API.settings.userInfo, cookie)).json().username).toBe(name);
    expect((await call('GET', API.dashboard, cookie)).json().profile.username).toBe(name);
    expect((await call('GET', API.auth.checkUserAuth, cookie)).json().user.username).toBe(name);
    // The web app shows its fallback only while there is no name.
    expect(name).not.toBe(USERNAME_FALLBACK);
  });

  it('refuses names outside 3-20 characters, odd characters and a missing field with field messages', async () => {
    const { cookie } = await signedInUser(t);
    const cases: [unknown, string][] = [
      [{ username: 'ab' }, SETTINGS_MESSAGES.usernameLength],
      [{ username: '  ab  ' }, SETTINGS_MESSAGES.usernameLength],
      [{ username: 'a'.repeat(21) }, SETTINGS_MESSAGES.usernameLength],
      [{ username: 'has space' }, SETTINGS_MESSAGES.usernameCharacters],
      [{ username: 'zero\u200bwidth' }, SETTINGS_MESSAGES.usernameCharacters],
      [{}, SETTINGS_MESSAGES.usernameLength],
      [{ username: 42 }, SETTINGS_MESSAGES.usernameLength],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', API.settings.changeUsername, cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ username: [message] });
    }
    expect((await call('POST', API.settings.changeUsername, cookie, { username: 'abc' })).statusCode).toBe(
      200,
    );
    const twenty = 'Ж'.repeat(20);
    expect((await call('POST', API.settings.changeUsername, cookie, { username: twenty })).statusCode).toBe(
      200,
    );
  });

  it('refuses a name another user holds, in any case, and lets the holder change its case', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const name = `Unique${Date.now() % 100_000}`;
    expect(
      (await call('POST', API.settings.changeUsername, first.cookie, { username: name })).statusCode,
    ).toBe(200);
    const taken = await call('POST', API.settings.changeUsername, second.cookie, {
      username: name.toUpperCase(),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: ['Это имя пользователя уже занято'] });
    const recased = await call('POST', API.settings.changeUsername, first.cookie, {
      username: name.toLowerCase(),
    });
    expect(recased.statusCode).toBe(200);
  });

  it('gives a name to exactly one of 20 users asking for it at once (the database index decides)', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    const name = `race${Date.now() % 1_000_000}`;
    const answers = await Promise.all(
      people.map((person, index) =>
        call('POST', API.settings.changeUsername, person.cookie, {
          username: index % 2 ? name : name.toUpperCase(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(400)]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json()).toEqual({ username: [SETTINGS_MESSAGES.usernameTaken] });
    }
    const holders = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
    const upperHolders = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, name.toUpperCase()));
    expect(holders.length + upperHolders.length).toBe(1);
  });

  it('answers 401 signed out', async () => {
    expect(
      (await call('POST', API.settings.changeUsername, undefined, { username: 'nobody' })).statusCode,
    ).toBe(401);
  });
});

describe('POST change-avatar', () => {
  it('stores a PNG sent as .jpg (judged by content) as a 256×256 JPEG and serves it to its owner only', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const png = await picture(640, 480).png().toBuffer();
    const response = await upload(owner.cookie, png, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['avatar_url', 'status']);
    expect(body.status).toBe('success');
    expect(body.avatar_url).toMatch(
      new RegExp(`^${t.prefix}/api/account/avatar/${owner.user.id}/[0-9a-f]{16}\\.jpg$`),
    );

    const stored = (await storedAvatar(owner.user.id))!;
    expect(stored.sha256.startsWith(body.avatar_url.split('/').at(-1).slice(0, 16))).toBe(true);
    const meta = await sharp(stored.content).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    expect((await call('GET', API.settings.userInfo, owner.cookie)).json().avatar).toBe(body.avatar_url);
    expect((await call('GET', API.dashboard, owner.cookie)).json().profile.avatar).toBe(body.avatar_url);
    // The shell shows it from the session check, before the dashboard answers.
    expect((await call('GET', API.auth.checkUserAuth, owner.cookie)).json().user.avatar).toBe(
      body.avatar_url,
    );

    const url = body.avatar_url.slice(t.prefix.length);
    const served = await call('GET', url, owner.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored.content)).toBe(true);

    const foreign = await call('GET', url, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['cache-control']).toBe('no-store');
    expect((await call('GET', url)).statusCode).toBe(401);
    const wrongHash = url.replace(/[0-9a-f]{16}\.jpg$/, '0000000000000000.jpg');
    expect((await call('GET', wrongHash, owner.cookie)).statusCode).toBe(404);
  });

  it('crops a wide image to the centre square and a new upload replaces the URL (the old one is 404)', async () => {
    const owner = await signedInUser(t);
    const first = (
      await upload(owner.cookie, await picture(300, 300).jpeg().toBuffer(), {
        filename: 'a.jpg',
        contentType: 'image/jpeg',
      })
    ).json().avatar_url as string;
    const wide = await sharp({
      create: { width: 900, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 255, b: 0 } },
          })
            .png()
            .toBuffer(),
          left: 300,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const second = await upload(owner.cookie, wide, { filename: 'b.png', contentType: 'image/png' });
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().avatar_url as string;
    expect(secondUrl).not.toBe(first);
    expect((await call('GET', first.slice(t.prefix.length), owner.cookie)).statusCode).toBe(404);
    const stored = (await storedAvatar(owner.user.id))!;
    // Only the green middle third survives the cover crop.
    const { dominant } = await sharp(stored.content).stats();
    expect(dominant.g).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });

  it('strips EXIF and every other metadata of the upload', async () => {
    const owner = await signedInUser(t);
    const withExif = await picture(400, 400)
      .jpeg()
      .withMetadata()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .toBuffer();
    const uploaded = await sharp(withExif).metadata();
    expect(uploaded.exif).toBeDefined();
    expect(withExif.includes(Buffer.from('secret-owner'))).toBe(true);

    expect(
      (await upload(owner.cookie, withExif, { filename: 'x.jpg', contentType: 'image/jpeg' })).statusCode,
    ).toBe(200);
    const stored = (await storedAvatar(owner.user.id))!;
    const meta = await sharp(stored.content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.content.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(stored.content.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('refuses a text file named .png, a GIF and a broken PNG by content, with the field message', async () => {
    const owner = await signedInUser(t);
    const gif = await picture(10, 10).gif().toBuffer();
    const png = await picture(50, 50).png().toBuffer();
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text, not an image\n'), 'avatar.png', SETTINGS_MESSAGES.avatarType],
      [gif, 'avatar.png', SETTINGS_MESSAGES.avatarType],
      [png.subarray(0, 40), 'avatar.png', SETTINGS_MESSAGES.avatarUnreadable],
    ];
    for (const [file, filename, message] of cases) {
      const response = await upload(owner.cookie, file, { filename, contentType: 'image/png' });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toEqual({ avatar: [message] });
    }
    expect(await storedAvatar(owner.user.id)).toBeUndefined();
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with the size message', async () => {
    const owner = await signedInUser(t);
    const jpeg = await picture(64, 64).jpeg().toBuffer();
    // Bytes after the JPEG's end marker are ignored by decoders: a valid image of any size.
    const pad = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    const exact = await upload(owner.cookie, pad(AVATAR_MAX_BYTES), {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
    });
    expect(exact.statusCode).toBe(200);
    const over = await upload(owner.cookie, pad(AVATAR_MAX_BYTES + 1), {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ avatar: ['Размер изображения не должен превышать 5 МБ'] });
  });

  it('refuses a request without the avatar file, and answers 401 signed out', async () => {
    const owner = await signedInUser(t);
    const png = await picture(20, 20).png().toBuffer();
    const otherField = await upload(owner.cookie, png, {
      filename: 'a.png',
      contentType: 'image/png',
      field: 'file',
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toEqual({ avatar: [SETTINGS_MESSAGES.avatarRequired] });
    const json = await call('POST', API.settings.changeAvatar, owner.cookie, { avatar: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ avatar: [SETTINGS_MESSAGES.avatarRequired] });
    expect((await upload(undefined, png, { filename: 'a.png', contentType: 'image/png' })).statusCode).toBe(
      401,
    );
  });
});

describe('avatar upload limit', () => {
  it('answers 429 to the 31st upload from one address within a minute', async () => {
    const owner = await signedInUser(t);
    const body = multipart(Buffer.from('not an image'), { filename: 'a.png', contentType: 'image/png' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.settings.changeAvatar}`,
        payload: body.payload,
        headers: { ...body.headers, cookie: owner.cookie },
        remoteAddress: '203.0.113.7',
      });
    for (let n = 0; n < 30; n++) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('PUT change_notify_settings', () => {
  it('switches each setting on its own and answers both as stored', async () => {
    const { cookie } = await signedInUser(t);
    const payments = await call('PUT', API.settings.notifySettings, cookie, { notification_paymets: false });
    expect(payments.statusCode).toBe(200);
    expect(payments.json()).toEqual({
      status: 'success',
      message: 'Операция успешно выполнена',
      notification_payments: false,
      notification_account: true,
    });
    const account = await call('PUT', API.settings.notifySettings, cookie, { notification_account: false });
    expect(account.json()).toMatchObject({ notification_payments: false, notification_account: false });
    const back = await call('PUT', API.settings.notifySettings, cookie, { notification_paymets: true });
    expect(back.json()).toMatchObject({ notification_payments: true, notification_account: false });
    expect((await call('GET', API.settings.userInfo, cookie)).json()).toMatchObject({
      notification_payments: true,
      notification_account: false,
    });
  });

  it('refuses anything but exactly one of the two switches with a boolean, and changes nothing', async () => {
    const { cookie } = await signedInUser(t);
    const bodies: unknown[] = [
      {},
      { notification_payments: false },
      { notification_paymets: false, notification_account: false },
      { notification_paymets: 'false' },
      { notification_account: 0 },
      { notification_account: null },
      [],
    ];
    for (const body of bodies) {
      const response = await call('PUT', API.settings.notifySettings, cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.notifyOneSetting });
    }
    expect((await call('GET', API.settings.userInfo, cookie)).json()).toMatchObject({
      notification_payments: true,
      notification_account: true,
    });
    expect(
      (await call('PUT', API.settings.notifySettings, undefined, { notification_account: false })).statusCode,
    ).toBe(401);
  });
});
