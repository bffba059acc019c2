import {
  alertMessages,
  successResponseSchema,
  webhookDeliveriesAnswerSchema,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
} from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  alertsAnswer,
  renderNotifications,
  serveAlerts,
  WEBHOOK_SECRET,
} from '../../test-setup/alertFixtures.tsx';
import { fail, ok } from '../../test-setup/fakeApi.ts';
import { notificationsText as text } from './notificationsText.ts';

const DELIVERED_AT = Date.UTC(2026, 0, 5, 15, 30);
const deliveries = ok(webhookDeliveriesAnswerSchema, {
  deliveries: [
    {
      id: 2,
      type: 'high_low',
      url: 'https://hooks.example.com/a',
      symbol: 'AAPL',
      status: 'failed',
      attempts: 3,
      response_status: 502,
      error: 'Bad gateway',
      created_at: DELIVERED_AT,
      next_attempt_at: null,
    },
    {
      id: 1,
      type: 'halts',
      url: 'https://hooks.example.com/h',
      symbol: 'TSLA',
      status: 'delivered',
      attempts: 1,
      response_status: 204,
      error: null,
      created_at: DELIVERED_AT - 60_000,
      next_attempt_at: null,
    },
  ],
});

const modal = () => within(screen.getByTestId('webhook-modal'));
const urlField = (type: keyof typeof text.webhookTypes) =>
  modal().getByRole('textbox', { name: text.webhookUrlOf(text.webhookTypes[type]) });

function serve() {
  return serveAlerts(alertsAnswer({ alert_webhook: { halts: 'https://hooks.example.com/h' } })).on(
    'GET /api/alerts/webhook/deliveries',
    deliveries,
  );
}

async function open(user: ReturnType<typeof renderNotifications>['user']) {
  await user.click(await screen.findByRole('button', { name: text.webhookSettings }));
  return modal();
}

describe('Webhook modal', () => {
  it('shows the saved URLs, the signing secret and the last deliveries', async () => {
    const { user } = renderNotifications('pro', serve());
    const m = await open(user);
    expect(urlField('halts')).toHaveValue('https://hooks.example.com/h');
    expect(urlField('price')).toHaveValue('');
    expect(m.getByTestId('webhook-secret')).toHaveTextContent(WEBHOOK_SECRET);
    const rows = within(await m.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/AAPL.*Failed.*502/);
    expect(rows[2]).toHaveTextContent(/TSLA.*Delivered.*204/);
    // Cancel and Save come last, below the secret and the deliveries.
    const save = m.getByRole('button', { name: text.save });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(m.getByTestId('webhook-secret'), save)).toBe(true);
    expect(follows(m.getByRole('table'), save)).toBe(true);
    expect(follows(m.getByRole('table'), m.getByRole('button', { name: text.cancel }))).toBe(true);
  });

  it('refuses a URL that is not an http, https or ftp address without credentials, saving nothing', async () => {
    const { user, api } = renderNotifications('pro', serve());
    await open(user);
    for (const bad of ['not a url', 'http://user:pw@hooks.example.com/x', 'javascript:alert(1)']) {
      await user.clear(urlField('uvol'));
      await user.type(urlField('uvol'), bad);
      await user.click(modal().getByRole('button', { name: text.save }));
      expect(modal().getByRole('alert')).toHaveTextContent(alertMessages.webhookInvalid);
    }
    expect(api.calls('POST /api/alerts/webhook')).toHaveLength(0);
  });

  it('saves every URL (empty ones too) and confirms; a failure says so', async () => {
    const api = serve().on('POST /api/alerts/webhook', ok(successResponseSchema, { success: true }));
    const { user } = renderNotifications('pro', api);
    await open(user);
    await user.type(urlField('price'), ' https://hooks.example.com/p ');
    await user.click(modal().getByRole('button', { name: text.save }));

    expect(await screen.findByText(alertMessages.webhookUpdated)).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/webhook')[0]?.body).toEqual({
      alert_webhook: {
        high_low: '',
        uvol: '',
        vwapdist: '',
        price: 'https://hooks.example.com/p',
        halts: 'https://hooks.example.com/h',
        conditional: '',
      },
    });

    api.on('POST /api/alerts/webhook', fail(500, 'internal'));
    await open(user);
    await user.click(modal().getByRole('button', { name: text.save }));
    expect(await screen.findByText(alertMessages.webhookFailed)).toBeInTheDocument();
  });

  it('rotates the signing secret after asking, and shows the new one', async () => {
    const api = serve().on(
      'POST /api/alerts/webhook/secret',
      ok(webhookSecretAnswerSchema, { success: true, webhook_secret: 'whsec_new0000000000000000000000000' }),
    );
    const { user } = renderNotifications('pro', api);
    const m = await open(user);
    await user.click(m.getByRole('button', { name: text.rotate }));
    await user.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: text.rotate }));
    expect(await screen.findByText(text.rotated)).toBeInTheDocument();
    await waitFor(() => expect(m.getByTestId('webhook-secret')).toHaveTextContent('whsec_new'));
    expect(api.calls('POST /api/alerts/webhook/secret')).toHaveLength(1);
  });

  it('a host the server finds private (its DNS check) is the same invalid-URL message', async () => {
    const api = serve().on(
      'POST /api/alerts/webhook',
      fail(400, 'invalid_webhook', alertMessages.webhookInvalid),
    );
    const { user } = renderNotifications('pro', api);
    await open(user);
    await user.type(urlField('uvol'), 'https://intranet.example.com/hook');
    await user.click(modal().getByRole('button', { name: text.save }));
    expect(await modal().findByRole('alert')).toHaveTextContent(alertMessages.webhookInvalid);
    expect(screen.queryByText(alertMessages.webhookFailed)).not.toBeInTheDocument();
  });

  it('sends a test delivery to each URL and reads the log again', async () => {
    const api = serve().on(
      'POST /api/alerts/webhook/test',
      ok(webhookTestAnswerSchema, { success: true, queued: 1 }),
    );
    const { user } = renderNotifications('pro', api);
    const m = await open(user);
    await m.findByRole('table');
    await user.click(m.getByRole('button', { name: text.sendTest }));
    expect(await screen.findByText(text.testQueued(1))).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/alerts/webhook/deliveries')).toHaveLength(2));
  });
});

describe('Webhook modal, a pending delivery', () => {
  it('reads the log again until the pending delivery has an outcome', async () => {
    const pending = webhookDeliveriesAnswerSchema.parse({
      deliveries: [
        {
          id: 3,
          type: 'halts',
          url: 'https://hooks.example.com/h',
          symbol: 'TEST',
          status: 'pending',
          attempts: 0,
          response_status: null,
          error: null,
          created_at: DELIVERED_AT,
          next_attempt_at: null,
        },
      ],
    });
    const api = serve().on('GET /api/alerts/webhook/deliveries', ok(webhookDeliveriesAnswerSchema, pending));
    const { user } = renderNotifications('pro', api);
    const m = await open(user);
    expect(within(await m.findByRole('table')).getAllByRole('row')[1]).toHaveTextContent(/TEST.*Pending/);
    const [first] = pending.deliveries;
    if (!first) throw new Error('no delivery');
    api.on(
      'GET /api/alerts/webhook/deliveries',
      ok(webhookDeliveriesAnswerSchema, {
        deliveries: [{ ...first, status: 'delivered', attempts: 1, response_status: 200 }],
      }),
    );
    // The modal reads the log again by itself (every 2 s while something is pending).
    await waitFor(() => expect(m.getAllByRole('row')[1]).toHaveTextContent(/TEST.*Delivered.*200/), {
      timeout: 6000,
    });
    const reads = api.calls('GET /api/alerts/webhook/deliveries').length;
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
