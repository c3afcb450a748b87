import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { FieldMessage } from '@/components/ui/field-message';
import { LICENCE_ACCEPT, formatBytes } from '../lib/licence';

type LicenceFieldProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string;
};

/** The academy's licence document: one PDF, JPEG or PNG file of at most 10 MB. */
export function LicenceField({ file, onChange, onBlur, error }: LicenceFieldProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        Licence document
      </label>
      <div
        className={`relative flex items-center gap-3 rounded-lg border border-dashed bg-slate-50/60 px-3 py-3 transition-colors focus-within:border-academy-600 focus-within:ring-2 focus-within:ring-academy-600/20 ${
          error ? 'border-red-500' : 'border-slate-300 hover:border-academy-500'
        }`}
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-academy-50 text-academy-700">
          {file ? (
            <FileText className="size-5" aria-hidden="true" />
          ) : (
            <Upload className="size-5" aria-hidden="true" />
          )}
        </span>
        <div className="min-w-0 flex-1 text-sm">
          {file ? (
            <>
              <p className="truncate font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-slate-500">{formatBytes(file.size)}</p>
            </>
          ) : (
            <>
              <p className="font-medium text-slate-900">Choose a file</p>
              <p className="text-xs text-slate-500">PDF, JPEG or PNG, up to 10 MB</p>
            </>
          )}
        </div>
        {file ? (
          <button
            type="button"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
            aria-label="Remove licence document"
            className="relative z-10 rounded-md p-2 text-slate-500 hover:bg-slate-200 hover:text-slate-700"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={LICENCE_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          onBlur={onBlur}
          className="absolute inset-0 cursor-pointer opacity-0"
        />
      </div>
      <FieldMessage
        id={messageId}
        error={error}
        hint="Your licence stays private: only you and the Touchline team can see it."
      />
    </div>
  );
}
