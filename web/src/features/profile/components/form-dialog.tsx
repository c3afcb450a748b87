import type { ReactNode } from 'react';
import type {
  FieldValues,
  Path,
  UseFormRegisterReturn,
  UseFormReturn,
  UseFormSetError,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { errorMessage, fieldErrors } from '../lib/errors';

type Tone = 'player' | 'academy';

/**
 * A profile editing dialog (profile, achievement, experience): it closes only by its buttons or
 * Esc, never by a stray click on the backdrop, and its form is built afresh each time it opens.
 */
export function FormDialog({
  open,
  onClose,
  title,
  size,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The dialog's max-width class. */
  size: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      showClose
      size={size}
      closeOnBackdrop={false}
    >
      {open ? children : null}
    </Dialog>
  );
}

/**
 * The form of a `FormDialog`: its fields scroll, the form's own error and Cancel / submit stay
 * underneath. A valid form is saved with `onSave`, then the dialog is done; a refused save shows
 * its messages (see `showSaveErrors`). `bodyClassName` sets the fields' height limit and spacing.
 */
export function DialogForm<V extends FieldValues, O>({
  form,
  onSave,
  elsewhere,
  blocked = false,
  onDone,
  bodyClassName,
  tone,
  loading,
  submitLabel,
  children,
}: {
  form: Pick<UseFormReturn<V, unknown, O>, 'handleSubmit' | 'setError' | 'formState'>;
  onSave: (input: O) => Promise<unknown>;
  elsewhere?: (name: string, message: string) => boolean;
  /** A problem the form does not hold (a refused image) stops the save. */
  blocked?: boolean;
  onDone: () => void;
  bodyClassName: string;
  tone?: Tone;
  loading: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const submit = form.handleSubmit(async (input) => {
    if (blocked) return;
    try {
      await onSave(input);
      onDone();
    } catch (error) {
      showSaveErrors(error, form.setError, elsewhere);
    }
  });
  const rootError = form.formState.errors.root?.message;
  return (
    <form noValidate onSubmit={submit} className="mt-4">
      <div className={`-mx-1 overflow-y-auto px-1 pb-2 ${bodyClassName}`}>{children}</div>
      {rootError ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {rootError}
        </p>
      ) : null}
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button tone="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" tone={tone} loading={loading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A labelled multi-line text field for react-hook-form (`register(...)` spread in `field`). */
export function TextAreaField({
  id,
  label,
  rows,
  error,
  field,
}: {
  id: string;
  label: string;
  rows: number;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="field-input resize-y"
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        {...field}
      />
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}

/**
 * Puts a refused save's field messages under the fields (`elsewhere` may take a field the form
 * does not hold, and answers whether it did), or its message at the foot of the form.
 */
export function showSaveErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  elsewhere: (name: string, message: string) => boolean = () => false,
) {
  const problems = fieldErrors(error);
  const names = Object.keys(problems);
  for (const name of names) {
    if (!elsewhere(name, problems[name]!)) setError(name as Path<T>, { message: problems[name] });
  }
  if (names.length === 0) setError('root', { message: errorMessage(error) });
}
