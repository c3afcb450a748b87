/** The first tab stop of a framed page: jumps past the navigation to the main content. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-slate-900 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}

/** The id the skip link points at; a frame gives it to its `<main>`. */
export const MAIN_CONTENT_ID = 'main-content';
