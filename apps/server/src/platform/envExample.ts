import { envVariables } from './envSchema.ts';

/** The README's configuration table: each row's variables (in backticks) and its meaning. */
function readmeRows(readme: string): { names: string[]; meaning: string }[] {
  const start = readme.indexOf('## Configuration');
  const table = readme.slice(start, readme.indexOf('\n### ', start));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      return {
        names: [...(cells[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string),
        meaning: (cells[3] ?? '').replaceAll('\\|', '|').replaceAll('`', ''),
      };
    });
}

/**
 * `deploy/.env.example`: every variable of the configuration schema (platform/config.ts), commented
 * out with its default, and the README table's meaning. Throws naming a variable the README
 * table does not describe. `npm run env:example` writes it; `deployKit.test.ts` fails when the
 * file is stale.
 */
export function envExample(readme: string): string {
  const rows = readmeRows(readme);
  const lines = [
    '# Tapeline configuration: every variable, generated from apps/server/src/platform/envSchema.ts',
    '# (npm run env:example). Uncomment what you set; the rest keep the default shown.',
    '# Reference: README.md "Configuration", docs/operations.md.',
    '',
  ];
  const missing: string[] = [];
  for (const { name, fallback } of envVariables()) {
    const row = rows.find((r) => r.names.includes(name));
    if (!row) {
      missing.push(name);
      continue;
    }
    lines.push(`# ${row.meaning}`, `#${name}=${fallback}`, '');
  }
  if (missing.length > 0) throw new Error(`not in the README's configuration table: ${missing.join(', ')}`);
  return lines.join('\n');
}
