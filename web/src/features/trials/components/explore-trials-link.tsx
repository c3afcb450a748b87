import { Link } from 'wouter';
import { TRIAL_PATHS } from '@/config/paths';

/** 'Explore Trials': the way back to the trial list from an empty or missing page. */
export function ExploreTrialsLink() {
  return (
    <Link href={TRIAL_PATHS.list} className="btn btn-player">
      Explore Trials
    </Link>
  );
}
