import { useState } from 'react';
import type { ProfileImageKind } from '../api/profile-image';
import { useChangeProfileImage } from '../api/profile-image';
import { errorMessage } from './errors';
import { imageProblem } from './image-file';

/**
 * Uploads or removes the profile photo or cover: the type is checked before sending (spec §5),
 * progress is reported 0…1 while the file goes up, and the problem (ours or the server's) is kept.
 */
export function useImageUpload(kind: ProfileImageKind) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeProfileImage((fraction) => setProgress(fraction));

  const run = async (file: File | null) => {
    setProblem(null);
    if (file) {
      const local = imageProblem(file);
      if (local) {
        setProblem(local);
        return;
      }
      setProgress(0);
    }
    try {
      await change.mutateAsync({ kind, file });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return {
    upload: (file: File) => run(file),
    remove: () => run(null),
    progress,
    problem,
    clearProblem: () => setProblem(null),
    busy: change.isPending,
  };
}
