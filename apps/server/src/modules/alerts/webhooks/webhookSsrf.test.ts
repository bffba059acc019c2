import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../platform/config.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { deliveryHarness } from './testing/deliveryHarness.ts';
import { answers } from './testing/resolveTable.ts';
import { deliveryRow, fire, setWebhooks, traderIn } from './testing/testKit.ts';
import { checkWebhookTarget, type ResolveAll } from './webhookTarget.ts';

// SSRF: what a webhook URL may point at, at save (checkWebhookTarget) and at connect time (the
// sender's lookup). Connections only ever go to the loopback receiver; names are resolved by
// injected lookups, so no query leaves the machine and no private address is ever dialled.

describe('checkWebhookTarget (at save)', () => {
  const lookup = answers({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'mixed.example.com': ['93.184.216.34', '10.0.0.1'],
    'inside.example.com': ['10.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
  });

  it('accepts an empty URL and a name whose every address is public', async () => {
    expect(await checkWebhookTarget('', { allowPrivate: false, lookup })).toBeNull();
    expect(
      await checkWebhookTarget('https://hooks.example.com/in', { allowPrivate: false, lookup }),
    ).toBeNull();
    expect(
      await checkWebhookTarget('ftp://hooks.example.com/drop', { allowPrivate: false, lookup }),
    ).toBeNull();
  });

  it.each([
    ['https://inside.example.com/', 'a private address'],
    ['https://mixed.example.com/', 'one private address among public ones'],
    ['https://metadata.example.com/', 'the metadata address'],
    ['https://mapped.example.com/', 'an IPv4-mapped loopback'],
    ['https://nowhere.example.com/', 'no address at all'],
    ['http://127.0.0.1:8080/', 'a loopback literal'],
    ['http://[::ffff:10.0.0.1]/', 'a mapped private literal'],
    ['http://localhost/', 'localhost'],
    ['gopher://hooks.example.com/', 'a scheme other than http, https or ftp'],
  ])('refuses %s (%s)', async (url) => {
    expect(await checkWebhookTarget(url, { allowPrivate: false, lookup })).toBe('invalid');
  });

  it('with private targets allowed, asks no DNS and lets loopback and private hosts through', async () => {
    const never: ResolveAll = async () => {
      throw new Error('DNS asked');
    };
    expect(
      await checkWebhookTarget('http://127.0.0.1:9000/', { allowPrivate: true, lookup: never }),
    ).toBeNull();
    expect(
      await checkWebhookTarget('http://inside.example.com/', { allowPrivate: true, lookup: never }),
    ).toBeNull();
    expect(await checkWebhookTarget('file:///etc/passwd', { allowPrivate: true, lookup: never })).toBe(
      'invalid',
    );
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tapeline-config-check' };
  it('is off unless set to 1 or true, and refuses anything else', () => {
    expect(loadConfig(base).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });
});

describe('the sender at connect time', () => {
  const h = deliveryHarness();

  /** One delivery to `url`, sent by a worker whose sender resolves names with `resolve`. */
  async function deliverTo(url: string, allowPrivate: boolean, resolve: ResolveAll) {
    const clock = createManualClock();
    const user = await traderIn(h.database.db);
    await setWebhooks(h.database.db, user, { high_low: url });
    const [row] = await fire(h.database.db, user, new Date(clock.now()));
    if (!row) throw new Error('no delivery row');
    const worker = h.worker(clock, { allowPrivate, resolve });
    await worker.runOnce();
    return deliveryRow(h.database.db, row.id);
  }

  it('refuses a public-looking name that now resolves to loopback (DNS rebinding), and never connects', async () => {
    let asked = 0;
    // Public when the URL was saved, loopback by the time of the POST.
    const rebinding: ResolveAll = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const url = `http://rebind.example.com:${h.receiver.port}/hook`;
    expect(await checkWebhookTarget(url, { allowPrivate: false, lookup: rebinding })).toBeNull();
    const before = h.receiver.connections();

    const row = await deliverTo(url, false, rebinding);
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(h.receiver.connections()).toBe(before);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: null,
      error: 'refused: rebind.example.com resolves to a non-public address (127.0.0.1)',
    });
  });

  it('refuses when any address of the name is not public, even if the first one is', async () => {
    const before = h.receiver.connections();
    const row = await deliverTo(
      `http://split.example.com:${h.receiver.port}/`,
      false,
      answers({ 'split.example.com': ['127.0.0.1', '::ffff:127.0.0.2'] }),
    );
    expect(h.receiver.connections()).toBe(before);
    expect(row.error).toMatch(/^refused: split\.example\.com resolves to a non-public address/);
  });

  it.each([
    ['http://127.0.0.1:{port}/', 'a loopback literal'],
    ['http://[::ffff:127.0.0.1]:{port}/', 'an IPv4-mapped loopback literal'],
    ['http://2130706433:{port}/', 'a decimal loopback literal'],
    ['http://localhost:{port}/', 'localhost'],
  ])(
    'refuses %s (%s) without connecting: a literal needs no lookup, so the URL itself is checked',
    async (template) => {
      const before = h.receiver.connections();
      const row = await deliverTo(template.replace('{port}', String(h.receiver.port)), false, answers({}));
      expect(h.receiver.connections()).toBe(before);
      expect(row).toMatchObject({ status: 'failed', error: 'webhook URL not allowed' });
    },
  );

  it('connects through the same lookup when private targets are allowed (so the lookup is what dials)', async () => {
    const row = await deliverTo(
      `http://hooks.example.com:${h.receiver.port}/ok`,
      true,
      answers({ 'hooks.example.com': ['127.0.0.1'] }),
    );
    expect(row).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(h.receiver.received.at(-1)?.headers.host).toBe(`hooks.example.com:${h.receiver.port}`);
  });
});
