import { type AlertRule, STREAM_CATEGORIES } from '@tapeline/core';
import { CategoryRow } from './CategoryRow.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { SectionHead } from './SectionHead.tsx';
import { type EditingProps, SymbolRules } from './SymbolRules.tsx';

interface SectionProps extends EditingProps {
  rules: readonly AlertRule[];
}

/** Spec §2 High/Low (every tier): a row per stream category, then per-symbol rules. */
export function HighLowSection({ rules, editing, onEdit }: SectionProps) {
  return (
    <section className="settings-section" aria-labelledby="notify-high-low">
      <SectionHead id="notify-high-low" title={text.sections.highLow} hint={text.hints.highLow} />
      <ul className="category-rows">
        {STREAM_CATEGORIES.map((category) => (
          <CategoryRow
            key={category}
            category={category}
            rule={rules.find((r) => r.type === 'trade' && r.category === category)}
          />
        ))}
      </ul>
      <h3 className="settings-subtitle">{text.perSymbol}</h3>
      <SymbolRules
        type="trade"
        rules={rules}
        section={text.sections.highLow}
        locked={false}
        editing={editing}
        onEdit={onEdit}
      />
    </section>
  );
}

const PRO_SECTIONS = {
  uv: { id: 'notify-uv', title: text.sections.uv, hint: text.hints.uv },
  vwap: { id: 'notify-vwap', title: text.sections.vwap, hint: text.hints.vwap },
  price: { id: 'notify-price', title: text.sections.price, hint: text.hints.price },
} as const;

/** Spec §2 Unusual Volume, VWAP dist, Price alerts: Pro (§6), labelled and disabled below it. */
export function ProRulesSection({
  type,
  pro,
  ...props
}: SectionProps & { type: keyof typeof PRO_SECTIONS; pro: boolean }) {
  const { id, title, hint } = PRO_SECTIONS[type];
  return (
    <section className="settings-section" aria-labelledby={id} data-locked={!pro || undefined}>
      <SectionHead id={id} title={title} hint={hint} tier="pro" locked={!pro} />
      <SymbolRules type={type} section={title} locked={!pro} {...props} />
    </section>
  );
}
