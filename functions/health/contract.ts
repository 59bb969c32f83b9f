/** Liveness answer. */
import * as z from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });
