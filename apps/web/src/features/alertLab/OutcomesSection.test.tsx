import { alertOutcomesResponseSchema, type OutcomeStats } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { OutcomesSection, RuleOutcome } from './OutcomesSection.tsx';

const stats = (over: Partial<OutcomeStats>): OutcomeStats => ({
  fires: 12,
  sessions: 5,
  positive5: 0.58,
  positive30: 0.5,
  mean5: 0.3,
  median5: 0.41,
  mean30: 0.1,
  median30: -0.2,
  meanClose: 1,
  ...over,
});

const BODY = {
  rules: [
    { rule_id: 4, filter: null, stats: stats({ fires: 3, sessions: 2, positive30: null, median30: null }) },
    { rule_id: null, filter: 'Gappers', stats: stats({}) },
  ],
  types: [{ kind: 'uv', stats: stats({}) }],
};

describe('outcome figures in Notifications', () => {
  it('shows per alert type how its fires of the last 30 sessions did', async () => {
    fakeApi().on('GET /api/alerts/outcomes', ok(alertOutcomesResponseSchema, BODY));
    renderUi(<OutcomesSection />);
    const section = screen.getByRole('region', { name: text.outcomesTitle });
    expect(await within(section).findByText('Unusual volume')).toBeInTheDocument();
    expect(
      within(section).getByText(
        '12 fires · 5 sessions · 5m: 58% up, median +0.41% · 30m: 50% up, median −0.20%',
      ),
    ).toBeInTheDocument();
  });

  it('shows a rule its own line, found by id or by filter name, and nothing before a first fire', async () => {
    fakeApi().on('GET /api/alerts/outcomes', ok(alertOutcomesResponseSchema, BODY));
    renderUi(
      <ul>
        <li data-testid="rule">
          <RuleOutcome ruleId={4} />
        </li>
        <li data-testid="filter">
          <RuleOutcome filter="Gappers" />
        </li>
        <li data-testid="none">
          <RuleOutcome ruleId={99} />
        </li>
      </ul>,
    );
    expect(
      await screen.findByText('3 fires · 2 sessions · 5m: 58% up, median +0.41% · 30m: no moves yet'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('filter').textContent).toMatch(/^12 fires/);
    expect(screen.getByTestId('none').textContent).toBe('');
  });
});
