import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 27 item 3: icons are SVG (ui/icons.ts, one set), never an emoji or pictograph glyph,
// which a system without an emoji font draws as an empty box (the lock on Discovery's locked
// columns in Debian's Chromium). Every UI string is read: the string literals, templates and
// JSX text of each .tsx file and each *Text.ts wording file under apps/web/src (tests aside).

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** Text symbols every font has, that read as words (© 2026 Tapeline). */
const ALLOWED = new Set(['©', '®', '™']);
// U+FE0F (emoji presentation) on its own: a character class would read it as joined to the
// glyph before it.
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\uFE0F/gu;

function uiFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) uiFiles(path, out);
    else if (/\.test\.tsx?$/.test(entry.name)) continue;
    else if (entry.name.endsWith('.tsx') || entry.name.endsWith('Text.ts')) out.push(path);
  }
  return out;
}

/** The pictographs in a source's UI strings, as `line: glyph (U+XXXX)`. */
export function pictographsIn(name: string, source: string): string[] {
  // Most files hold none anywhere: only those that do are parsed.
  if (!new RegExp(PICTOGRAPH.source, 'u').test(source)) return [];
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      for (const [glyph] of node.text.matchAll(PICTOGRAPH)) {
        if (ALLOWED.has(glyph)) continue;
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const code = glyph.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
        found.push(`${line}: ${glyph} (U+${code})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('UI strings hold no emoji (SVG icons only)', () => {
  it('finds a pictograph in a string, a template and JSX text, and lets © and comments be', () => {
    const probe = [
      "const a = 'Locked 🔒';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text with a template.
      'const b = `${a} ✉`;',
      'const c = <span>📌</span>;',
      'const d = <p>© 2026 ⚠️</p>;',
      '// a comment may say 🔒',
    ].join('\n');
    expect(pictographsIn('probe.tsx', probe)).toEqual([
      '1: 🔒 (U+1F512)',
      '2: ✉ (U+2709)',
      '3: 📌 (U+1F4CC)',
      '4: ⚠ (U+26A0)',
      '4: ️ (U+FE0F)',
    ]);
  });

  it('apps/web/src has none', () => {
    const files = uiFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      pictographsIn(path, readFileSync(path, 'utf8')).map((hit) => `${relative(SRC, path)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
