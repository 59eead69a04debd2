import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { errorMessage, newId } from '../speach/speachApi';
import { type FileData, JobFailed, MAX_FILE_BYTES, fileData, isAbort, isAccepted, pollJob, uploadDocument } from './aiApi';

/** Spec §3 "Uploaded AI file": progress 0-100 while sending, -1 on error; data once processed. */
export interface UploadedAiFile {
  uid: string;
  name: string;
  jobID: string | null;
  progress: number;
  data: FileData | null;
  error: string | null;
}

/** The documents of step 0: each one uploaded, then its processing job polled until its pages come back. */
export function useUploads() {
  const { t } = useI18n();
  const [files, setFiles] = useState<UploadedAiFile[]>([]);
  const [budgetWarning, setBudgetWarning] = useState<80 | 95 | null>(null);
  const cancels = useRef(new Map<string, () => void>());

  useEffect(() => {
    const pending = cancels.current;
    return () => pending.forEach((cancel) => cancel());
  }, []);

  const patch = useCallback((uid: string, change: Partial<UploadedAiFile>) => setFiles((all) => all.map((f) => (f.uid === uid ? { ...f, ...change } : f))), []);

  const start = useCallback(
    async (uid: string, file: File) => {
      const controller = new AbortController();
      const upload = uploadDocument(file, (progress) => patch(uid, { progress }));
      cancels.current.set(uid, () => {
        upload.abort();
        controller.abort();
      });
      try {
        const job = await upload.promise;
        if (job.budgetWarning) setBudgetWarning(job.budgetWarning);
        patch(uid, { jobID: job.jobID, progress: 100 });
        patch(uid, { data: fileData(await pollJob<unknown>(job.jobID, controller.signal)) });
      } catch (e) {
        if (isAbort(e)) return;
        patch(uid, { progress: -1, error: e instanceof JobFailed ? t('ai.error.file', { name: file.name }) : errorMessage(e) });
      } finally {
        cancels.current.delete(uid);
      }
    },
    [patch, t],
  );

  const add = useCallback(
    (chosen: File[]) => {
      const entries = chosen.map((file) => {
        const uid = newId();
        const refusal = !isAccepted(file.name)
          ? t('ai.upload.badType', { name: file.name })
          : file.size >= MAX_FILE_BYTES
            ? t('ai.upload.tooLarge', { name: file.name })
            : null;
        return { file, entry: { uid, name: file.name, jobID: null, progress: refusal ? -1 : 0, data: null, error: refusal } satisfies UploadedAiFile };
      });
      setFiles((all) => [...all, ...entries.map((e) => e.entry)]);
      for (const { file, entry } of entries) if (!entry.error) void start(entry.uid, file);
    },
    [start, t],
  );

  const remove = useCallback((uid: string) => {
    cancels.current.get(uid)?.();
    cancels.current.delete(uid);
    setFiles((all) => all.filter((f) => f.uid !== uid));
  }, []);

  return { files, add, remove, budgetWarning };
}
