import { zodResolver } from '@hookform/resolvers/zod';
import type { Achievement } from '@touchline/shared';
import { PROFILE_LIMITS, achievementCreateSchema } from '@touchline/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { FieldMessage } from '@/components/ui/field-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { showNotice } from '@/lib/toast';
import type { AchievementBody } from '../api/achievement-body';
import { useCreateAchievement } from '../api/create-achievement';
import { useUpdateAchievement } from '../api/update-achievement';
import { MONTH_OPTIONS, yearOptions } from '../lib/format';
import { IMAGE_ACCEPT, imageProblem } from '../lib/image-file';
import { DialogForm, FormDialog, TextAreaField } from './form-dialog';

type Values = {
  title: string;
  organisation: string;
  issued_month: string;
  issued_year: string;
  description: string;
};
type Checked = Omit<AchievementBody, 'image' | 'remove_image'>;

const schemaResolver = zodResolver(achievementCreateSchema);
const resolver: Resolver<Values, unknown, Checked> = (values, context, options) =>
  schemaResolver(values, context, options as never) as never;

type AchievementFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The entry to edit; a new one when absent. */
  achievement?: Achievement | null;
  tone: 'player' | 'academy';
};

export function AchievementFormDialog({
  open,
  onClose,
  achievement,
  tone,
}: AchievementFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={achievement ? 'Edit achievement' : 'Add achievement'}
      size="max-w-xl"
    >
      <AchievementForm achievement={achievement ?? null} onDone={onClose} tone={tone} />
    </FormDialog>
  );
}

function AchievementForm({
  achievement,
  onDone,
  tone,
}: {
  achievement: Achievement | null;
  onDone: () => void;
  tone: 'player' | 'academy';
}) {
  const create = useCreateAchievement();
  const update = useUpdateAchievement();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const preview = usePreview(image);
  const form = useForm<Values, unknown, Checked>({
    resolver,
    defaultValues: {
      title: achievement?.title ?? '',
      organisation: achievement?.organisation ?? '',
      issued_month: achievement ? String(achievement.issued_month) : '',
      issued_year: achievement ? String(achievement.issued_year) : '',
      description: achievement?.description ?? '',
    },
  });
  const { register } = form;
  const { errors } = form.formState;
  const shownImage = preview ?? (removeImage ? null : (achievement?.image ?? null));

  const save = async (fields: Checked) => {
    if (achievement) {
      await update.mutateAsync({
        id: achievement.id,
        ...fields,
        image,
        ...(removeImage && !image ? { remove_image: true } : {}),
      });
      showNotice('Achievement updated', 'success');
    } else {
      await create.mutateAsync({ ...fields, image });
      showNotice('Achievement added', 'success');
    }
  };

  return (
    <DialogForm
      form={form}
      onSave={save}
      blocked={imageError !== null}
      elsewhere={(name, message) => {
        if (name !== 'image') return false;
        setImageError(message);
        return true;
      }}
      onDone={onDone}
      bodyClassName="max-h-[min(68dvh,40rem)] space-y-4"
      tone={tone}
      loading={create.isPending || update.isPending}
      submitLabel={achievement ? 'Save changes' : 'Add achievement'}
    >
      <TextField
        label="Title"
        tone={tone}
        placeholder="e.g. Top scorer, Lagos U-17 League"
        maxLength={PROFILE_LIMITS.achievementTitleMaxLength}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label="Issuing organisation"
        tone={tone}
        placeholder="Optional"
        error={errors.organisation?.message}
        {...register('organisation')}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label="Month"
          tone={tone}
          placeholder="Month"
          options={MONTH_OPTIONS}
          error={errors.issued_month?.message}
          {...register('issued_month')}
        />
        <SelectField
          label="Year"
          tone={tone}
          placeholder="Year"
          options={yearOptions(PROFILE_LIMITS.earliestYear)}
          error={errors.issued_year?.message}
          {...register('issued_year')}
        />
      </div>
      <TextAreaField
        id="achievement-description"
        label="Description"
        rows={3}
        error={errors.description?.message}
        field={register('description')}
      />
      <div>
        <span className="field-label">Image (optional)</span>
        {shownImage ? (
          <div className="relative overflow-hidden rounded-xl border border-slate-200">
            <img src={shownImage} alt="Achievement" className="max-h-56 w-full object-cover" />
            <button
              type="button"
              className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-lg bg-white/90 px-2.5 py-1.5 text-xs font-semibold text-red-600 shadow hover:bg-white"
              onClick={() => {
                setImage(null);
                setRemoveImage(true);
              }}
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              Remove image
            </button>
          </div>
        ) : (
          <label className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-sm font-medium text-slate-600 hover:border-slate-400 hover:bg-slate-50">
            <ImagePlus className="size-5" aria-hidden="true" />
            Choose an image (JPEG, PNG or WebP)
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              aria-label="Achievement image"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!file) return;
                const problem = imageProblem(file);
                setImageError(problem);
                if (!problem) setImage(file);
              }}
            />
          </label>
        )}
        <FieldMessage id="achievement-image-message" error={imageError ?? undefined} />
      </div>
    </DialogForm>
  );
}

/** An object URL for a chosen file (made when chosen, revoked when replaced or unmounted). */
function usePreview(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
  return url;
}
