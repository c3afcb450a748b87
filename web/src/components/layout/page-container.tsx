import type { ReactNode } from 'react';

/** The width and padding every framed screen shares, so the bars and the content line up. */
export function PageContainer({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 sm:py-8 ${className}`}>
      {children}
    </div>
  );
}
