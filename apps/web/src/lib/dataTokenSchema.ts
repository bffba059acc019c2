import { z } from 'zod';

export const dataTokenSchema = z.object({ success: z.literal(true), token: z.string() });
