import { Link } from 'wouter';

/** A guardian paid for a child's trial (decision 42): back to `/guardian/home`. */
export function GuardianLink() {
  return (
    <div className="mt-6 flex justify-center">
      <Link href="/guardian/home" className="btn btn-player">
        Back to your children
      </Link>
    </div>
  );
}
