import { z } from 'zod';

/**
 * A form's schema: its fields, then one rule that returns the message of the first problem (in
 * the order the spec gives, top to bottom) or null. The spec shows one message per form, so the
 * rule's message goes to the form (`root`), not to a field.
 */
export function formRules<Shape extends z.ZodRawShape>(
  shape: Shape,
  problem: (values: z.output<z.ZodObject<Shape>>) => string | null,
) {
  return z.object(shape).superRefine((values, ctx) => {
    const message = problem(values);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['root'] });
  });
}
