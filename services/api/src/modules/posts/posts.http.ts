import { z } from 'zod';

export const postIdParams = z.object({ id: z.string().uuid() });
