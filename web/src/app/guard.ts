import type { Role } from '@touchline/shared';
import { loginPathFor, signedInTargetFor } from '@/config/paths';
import type { AppRoute } from './routes';

export const UNAUTHENTICATED_PATH = '/unauthenticated';

export type AccessDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/** The access guard of spec §4, for the route matched at `path` and the signed-in `role`. */
export function decideAccess(route: AppRoute, role: Role | null, path: string): AccessDecision {
  switch (route.access) {
    case 'public':
      return render;
    case 'public-only':
      return role ? redirect(route.signedInTarget ?? signedInTargetFor(path)) : render;
    case 'both':
      if (!role) return redirect(loginPathFor(path));
      // `both` means player or academy (spec §3); administrators have their own area.
      return role === 'player' || role === 'academy' ? render : redirect(UNAUTHENTICATED_PATH);
    case 'payer':
      // The payment pages: a player's own payments, and a guardian paying for a child's trial.
      if (!role) return redirect(loginPathFor(path));
      return role === 'player' || role === 'guardian' ? render : redirect(UNAUTHENTICATED_PATH);
    default:
      if (!role) return redirect(loginPathFor(path));
      return role === route.access ? render : redirect(UNAUTHENTICATED_PATH);
  }
}
