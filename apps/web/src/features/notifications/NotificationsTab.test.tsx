import { alertMessages, haltToggleAnswerSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertRule, renderNotifications, serveAlerts } from '../../test-setup/alertFixtures.tsx';
import { fail, ok } from '../../test-setup/fakeApi.ts';
import { notificationsText as text } from './notificationsText.ts';

const section = (name: string) => screen.getByRole('region', { name });

describe('NotificationsTab tiers (§6)', () => {
  it('Standard: the Pro sections say PRO ONLY with an upgrade link, and their controls are off', async () => {
    renderNotifications('standard');
    await screen.findByRole('region', { name: text.sections.price });

    for (const name of [text.sections.uv, text.sections.vwap, text.sections.price]) {
      const pro = within(section(name));
      expect(pro.getByText('PRO ONLY')).toBeInTheDocument();
      expect(pro.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/profile/plan');
      expect(pro.getByRole('textbox', { name: text.addSymbolTo(name) })).toBeDisabled();
    }
    const conditional = within(section(text.sections.conditional));
    expect(conditional.getByText('PRO + ONLY')).toBeInTheDocument();
    expect(conditional.getByRole('button', { name: text.addFiltered })).toBeDisabled();
    // Hi/Low is for everyone.
    expect(
      within(section(text.sections.highLow)).getByRole('textbox', {
        name: text.addSymbolTo(text.sections.highLow),
      }),
    ).toBeEnabled();
  });

  it('Pro: the voice zone of filtered alerts is Pro Plus only, the others can be set', async () => {
    renderNotifications('pro');
    const voice = within(await screen.findByRole('region', { name: text.sections.voice }));
    expect(voice.getByRole('combobox', { name: text.voiceOf(text.voiceZones.filtered) })).toBeDisabled();
    expect(voice.getByText('PRO + ONLY')).toBeInTheDocument();
    expect(voice.getByRole('combobox', { name: text.voiceOf(text.voiceZones.halt) })).toBeEnabled();
  });

  it('Pro Plus: no tier labels lock anything', async () => {
    renderNotifications('proplus');
    await screen.findByRole('region', { name: text.sections.price });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(
      within(section(text.sections.conditional)).getByRole('button', { name: text.addFiltered }),
    ).toBeEnabled();
    expect(
      within(section(text.sections.uv)).getByRole('textbox', { name: text.addSymbolTo(text.sections.uv) }),
    ).toBeEnabled();
    expect(screen.getByRole('combobox', { name: text.voiceOf(text.voiceZones.filtered) })).toBeEnabled();
  });

  it('says so when the alerts cannot be loaded', async () => {
    renderNotifications('pro', serveAlerts(fail(500, 'internal')));
    expect(await screen.findByText(text.loadFailed)).toBeInTheDocument();
  });
});

describe('Halts (§4)', () => {
  it('enables and disables the halt alert with the §8 toasts', async () => {
    const api = serveAlerts().on(
      'POST /api/alerts/halt',
      ok(haltToggleAnswerSchema, {
        success: true,
        data: alertRule({ id: 9, type: 'halt', category: 'halt', rate: 0 }),
      }),
    );
    const { user } = renderNotifications('standard', api);
    const toggle = await screen.findByRole('switch', { name: text.haltAlert });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText(alertMessages.haltEnabled)).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/halt').at(-1)?.body).toEqual({ type: 'enabled' });
    await waitFor(() => expect(toggle).toBeChecked());

    api.on('POST /api/alerts/halt', ok(haltToggleAnswerSchema, { success: true, data: null }));
    await user.click(toggle);
    expect(await screen.findByText(alertMessages.haltDisabled)).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/halt').at(-1)?.body).toEqual({ type: 'disabled' });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('keeps the toggle and says which state failed', async () => {
    const api = serveAlerts().on('POST /api/alerts/halt', fail(500, 'internal'));
    const { user } = renderNotifications('standard', api);
    await user.click(await screen.findByRole('switch', { name: text.haltAlert }));
    expect(await screen.findByRole('alert')).toHaveTextContent(alertMessages.haltFailed('enabled'));
    expect(screen.getByRole('switch', { name: text.haltAlert })).not.toBeChecked();
  });
});
