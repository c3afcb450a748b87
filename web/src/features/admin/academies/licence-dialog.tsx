import { ExternalLink } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '../shared';
import { useLicenceLink } from './academies-api';

/**
 * The licence viewer: asks for a short-lived signed link when it opens, shows an image inline
 * (a PDF in a frame where the browser can) and always offers the file in a new tab.
 */
export function LicenceDialog({
  academy,
  onClose,
}: {
  academy: { id: string; username: string } | null;
  onClose: () => void;
}) {
  const link = useLicenceLink(academy?.id ?? null);
  const file = link.data;
  return (
    <Dialog
      open={academy !== null}
      onClose={onClose}
      title={`Licence of ${academy?.username ?? ''}`}
      showClose
      size="max-w-3xl"
    >
      <div className="mt-4">
        {link.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Getting the licence…
          </p>
        ) : link.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {errorText(link.error)}
          </p>
        ) : file ? (
          <div className="space-y-3">
            {file.content_type.startsWith('image/') ? (
              <img
                src={file.url}
                alt={`Licence of ${academy?.username ?? 'the academy'}`}
                className="max-h-[60vh] w-full rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
              />
            ) : file.content_type === 'application/pdf' ? (
              <iframe
                src={file.url}
                title={`Licence of ${academy?.username ?? 'the academy'}`}
                className="hidden h-[60vh] w-full rounded-lg ring-1 ring-slate-200 sm:block"
              />
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-slate-500">
                The link works for 5 minutes; open the viewer again for a new one.
              </p>
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer noopener"
                className="btn btn-secondary"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Open in a new tab
              </a>
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
