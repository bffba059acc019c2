import { type AlertRule, type RuleType, STREAM_CATEGORIES } from '@tapeline/core';
import { AddRuleSymbol } from './AddRuleSymbol.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { RuleRow } from './RuleRow.tsx';

export interface EditingProps {
  /** The rule being edited on the whole tab (one at a time, §4), or null. */
  editing: number | null;
  onEdit: (id: number | null) => void;
}

interface SymbolRulesProps extends EditingProps {
  type: RuleType;
  rules: readonly AlertRule[];
  /** The section's name, for the Add Symbol field's label. */
  section: string;
  locked: boolean;
}

const isSymbolRule = (type: RuleType) => (r: AlertRule) =>
  r.type === type && !(STREAM_CATEGORIES as readonly string[]).includes(r.category);

/** A type's per-symbol rules, each editable, and the field that adds one. */
export function SymbolRules({ type, rules, section, locked, editing, onEdit }: SymbolRulesProps) {
  const mine = rules.filter(isSymbolRule(type)).sort((a, b) => a.category.localeCompare(b.category));
  return (
    <div className="symbol-rules">
      {mine.length === 0 ? (
        <p className="muted">{text.noRules}</p>
      ) : (
        <ul className="rule-list" aria-label={section}>
          {mine.map((rule) => (
            <RuleRow
              key={rule.id}
              rule={rule}
              type={type}
              locked={locked}
              editing={editing === rule.id}
              onEdit={() => onEdit(rule.id)}
              onDone={() => onEdit(null)}
            />
          ))}
        </ul>
      )}
      <AddRuleSymbol type={type} section={section} locked={locked} />
    </div>
  );
}
