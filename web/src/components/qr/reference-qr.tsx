import { useEffect, useState } from 'react';

/**
 * A registration's reference code as a QR code for the trial-day check-in (supplement §17).
 * `qrcode` is imported on demand, so it stays out of the first-load JavaScript (budgets.spec.ts);
 * until it arrives (or if it fails) the code is still there as text beside it.
 */
export function ReferenceQr({
  code,
  size = 176,
  className,
}: {
  code: string;
  size?: number;
  className?: string;
}) {
  const [drawn, setDrawn] = useState<{ code: string; url: string } | null>(null);
  const src = drawn?.code === code ? drawn.url : null;

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 }))
      .then((url) => {
        if (live) setDrawn({ code, url });
      })
      .catch(() => {
        // The code is shown as text too: nothing else to do.
      });
    return () => {
      live = false;
    };
  }, [code, size]);

  return (
    <figure className={className}>
      <div
        className="grid place-items-center rounded-xl bg-white p-2 ring-1 ring-slate-200"
        style={{ width: size, height: size }}
      >
        {src ? (
          <img
            src={src}
            alt={`QR code for reference code ${code}`}
            width={size - 16}
            height={size - 16}
            className="block"
          />
        ) : (
          <span className="text-xs text-slate-500" role="status">
            Preparing QR code…
          </span>
        )}
      </div>
      <figcaption className="mt-1 text-center font-mono text-xs font-semibold text-slate-700">
        {code}
      </figcaption>
    </figure>
  );
}
