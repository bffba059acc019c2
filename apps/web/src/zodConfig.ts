import { z } from 'zod';

/**
 * Imported first by every entry (main.tsx, the data-rows worker), before any schema is built:
 * zod's object parser otherwise probes `new Function('')` to decide on its compiled fast path,
 * and under our CSP (`script-src 'self'`, no 'unsafe-eval') that probe is a reported violation
 * on every page load even though zod catches the error. Jitless parsing is the interpreted
 * path; nothing else changes.
 */
z.config({ jitless: true });
