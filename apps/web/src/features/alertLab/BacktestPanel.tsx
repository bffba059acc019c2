import { BACKTEST_SESSION_CHOICES, type BacktestRuleInput, type BacktestSessionCount } from '@tapeline/core';
import { useState } from 'react';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { BacktestResults } from './BacktestResults.tsx';
import { useBacktest } from './useBacktest.ts';
import './alertLab.css';

/** Sessions to include, the run, its progress and Cancel, then the results. */
export function BacktestPanel({ rule }: { rule: BacktestRuleInput }) {
  const [sessions, setSessions] = useState<BacktestSessionCount>(5);
  const backtest = useBacktest();
  const { job } = backtest;
  return (
    <div className="lab-backtest">
      <div className="lab-backtest__controls">
        <fieldset className="segmented" aria-label={text.sessionsLabel}>
          {BACKTEST_SESSION_CHOICES.map((n) => (
            <label key={n} className={sessions === n ? 'segment active' : 'segment'}>
              <input
                type="radio"
                name="backtest-sessions"
                checked={sessions === n}
                disabled={backtest.running}
                onChange={() => setSessions(n)}
              />
              {text.sessionChoice(n)}
            </label>
          ))}
        </fieldset>
        {backtest.running ? (
          <button type="button" className="btn btn-ghost" onClick={backtest.cancel}>
            {text.cancel}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => backtest.start({ rule, sessions })}
          >
            {text.run}
          </button>
        )}
      </div>
      {backtest.running ? (
        <div className="lab-backtest__progress" role="status">
          <InlineSpinner />
          {job ? text.progress(job.progress.done, job.progress.total) : text.starting}
          <progress max={job?.progress.total || 1} value={job?.progress.done ?? 0} />
        </div>
      ) : null}
      <FormMessage
        error={backtest.problem ?? (job?.state === 'failed' ? (job.error ?? text.failed) : null)}
      />
      {job?.state === 'cancelled' ? <p className="muted">{text.cancelled}</p> : null}
      {job?.state === 'done' && job.result ? <BacktestResults result={job.result} /> : null}
    </div>
  );
}
