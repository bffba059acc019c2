import { z } from 'zod';

export const symbolParamsSchema = z.object({ symbol: z.string().min(1).max(16) });

/** GET /api/stock_stats/top (answer "popular symbols": shape decided, see docs/decisions.md). */
export const popularSymbolSchema = z.object({ symbol: z.string(), score: z.number() });
export const popularListSchema = z.object({ success: z.literal(true), data: z.array(popularSymbolSchema) });
export type PopularSymbol = z.infer<typeof popularSymbolSchema>;
export const POPULAR_MAX = 100;
