import { z } from 'zod';
import { serverMessages } from '../messages.ts';
import { isValidSymbol, normalizeSymbol } from '../rules/symbol.ts';

/**
 * `/data/money-flow/:symbol`, `/data/real-volume/:symbol`: a symbol in any case, answered
 * upper-case; a refusal names what was sent, as typed.
 */
export const dataSymbolParamsSchema = z.object({
  symbol: z
    .string()
    .superRefine((raw, ctx) => {
      if (!isValidSymbol(normalizeSymbol(raw)))
        ctx.addIssue({ code: 'custom', message: serverMessages.invalidSymbolNamed(raw) });
    })
    .transform(normalizeSymbol),
});

const DISCOVERY_FILE = /^discovery-(.+)\.json$/;

/**
 * `/data/discovery-<tf>.json`, the older spelling of `/data/discovery?tf=`. Any other file name
 * is not served (404 to anyone); the timeframe itself is checked after the token and the plan.
 */
export const discoveryFileParamsSchema = z
  .object({ file: z.string().regex(DISCOVERY_FILE) })
  .transform(({ file }) => ({ tf: DISCOVERY_FILE.exec(file)?.[1] ?? '' }));
