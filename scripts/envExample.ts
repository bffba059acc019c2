// `npm run env:example`: writes deploy/.env.example from the configuration schema and the
// README's table (apps/server/src/platform/envExample.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envExample } from '../apps/server/src/platform/envExample.ts';

const root = path.resolve(import.meta.dirname, '..');
const text = envExample(readFileSync(path.join(root, 'README.md'), 'utf8'));
writeFileSync(path.join(root, 'deploy/.env.example'), text);
console.log('deploy/.env.example written');
