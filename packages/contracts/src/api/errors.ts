import { z } from 'zod/mini';
import { errorCatalogue, type ErrorCode } from '../errors.js';

const codes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(codes), message: z.string(), details: z.optional(z.unknown()) }),
});
