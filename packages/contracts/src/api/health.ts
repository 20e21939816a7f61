import { z } from 'zod/mini';

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
