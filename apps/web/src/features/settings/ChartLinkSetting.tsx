import { chartLinkProblem } from '@tapeline/core';
import { useId, useState } from 'react';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { settingsText as text } from './settingsText.ts';

/** The trader's charting site: a URL template the Chart links out to, saved when it is valid. */
export function ChartLinkSetting({ value, onSave }: { value: string; onSave: (template: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = () => {
    const template = draft.trim();
    const wrong = template === '' ? null : chartLinkProblem(template);
    setProblem(wrong);
    if (!wrong && template !== value) onSave(template);
  };
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section-title">
        {text.chartLink}
      </h2>
      <div className="field">
        <label htmlFor={id}>{text.chartLinkLabel}</label>
        <input
          id={id}
          className="input"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={text.chartLinkExample}
          value={draft}
          aria-invalid={problem !== null || undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <p className="setting-hint">{text.chartLinkHint}</p>
      </div>
      <FormMessage error={problem} />
    </section>
  );
}
