import type { HomeLeaders } from '@touchline/db/posts';

/**
 * The home page's shared lists (the most followed academies, the top open trials) as this
 * instance last read them (decision 64). They are the same for every viewer (each viewer's blocks
 * and their own academy are left out afterwards), cost a pass over every follow to compute, and
 * change slowly: a list at most `ttlMs` old is shown, for the day (Lagos) it was read on.
 */
export function createHomeLeadersCache(options: { ttlMs: number }) {
  let entry: { today: string; readAt: number; leaders: HomeLeaders } | null = null;
  return {
    get(today: string, now: Date): HomeLeaders | null {
      if (!entry || entry.today !== today) return null;
      const age = now.getTime() - entry.readAt;
      return age >= 0 && age < options.ttlMs ? entry.leaders : null;
    },
    set(today: string, now: Date, leaders: HomeLeaders) {
      entry = { today, readAt: now.getTime(), leaders };
    },
  };
}

export type HomeLeadersCache = ReturnType<typeof createHomeLeadersCache>;
