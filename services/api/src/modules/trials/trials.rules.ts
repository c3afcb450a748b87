import type { Role } from '@touchline/shared';

/** Who is asking: the signed-in user and their role (`request.auth`). */
export type Viewer = { userId: string; role: Role };
