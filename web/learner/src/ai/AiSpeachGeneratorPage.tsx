import { Alert, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { useGeneratorInfo } from './useAi';
import { ErrorState, Loading } from '@speach/web-shared';
import {
  type FileData,
  type GeneratedPlan,
  type GeneratorInfo,
  type PlanSubchapter,
  type SpeachMapping,
  aiApi,
  fileData,
  isAbort,
  mappedChapters,
  planSubchapters,
  pollJob,
} from './aiApi';
import { GenerateAllOverlay } from './GenerateAllOverlay';
import { PlanStep, type SubchapterState } from './PlanStep';
import { type GenerationSettings, UploadStep } from './UploadStep';
import { useUploads } from './useUploads';

/** Spec §9: in automatic mode the next sub-chapter starts 1 s after the previous one. */
const NEXT_CHAPTER_MS = 1000;

const DEFAULT_SETTINGS: GenerationSettings = { duration: 'short', language: 'en-US', allowReorder: false, generationMode: 'ENHANCED', specificPrompt: '' };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** The server's answer, else what the plan's provenance says produced it. */
function generatorOf(info: GeneratorInfo | null, plan: GeneratedPlan | null): GeneratorInfo | null {
  if (info) return info;
  const provenance = plan?.provenance;
  if (!provenance) return null;
  return provenance.provider === 'extractive-local' ? { kind: 'extractive' } : { kind: 'provider', model: provenance.model };
}

function GeneratorNotice({ info }: { info: GeneratorInfo | null }) {
  const { t } = useI18n();
  if (!info) return null;
  return (
    <Alert severity="info" role="status" data-testid="ai-generator-kind">
      {info.kind === 'provider' ? t('ai.generator.provider', { model: info.model ?? '' }) : t('ai.generator.extractive')}
    </Alert>
  );
}

/** /recorder/aiSpeachGenerator: documents in, a plan out, then a speach whose chapters are generated from it. */
export function AiSpeachGeneratorPage() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const restoreId = params.get('speachId');
  const uploads = useUploads();
  const generator = useGeneratorInfo();
  const info = generator.data ?? null;
  const [settings, setSettings] = useState<GenerationSettings>(() => ({
    ...DEFAULT_SETTINGS,
    language: { fr: 'fr-FR', es: 'es-ES', de: 'de-DE', en: 'en-US' }[language],
  }));
  const [plan, setPlan] = useState<GeneratedPlan | null>(null);
  const [planJob, setPlanJob] = useState<string | null>(null);
  const [mapping, setMapping] = useState<SpeachMapping | null>(null);
  const [restoredFiles, setRestoredFiles] = useState<Map<string, FileData>>(new Map());
  const [states, setStates] = useState<Record<string, SubchapterState>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<boolean>(!!restoreId);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [automatic, setAutomatic] = useState(false);
  // Only AI editors (author role and an AI licence) may generate: say so instead of a screen that fails later.
  const forbidden = generator.error instanceof ApiError && generator.error.status === 403 ? generator.error.message : null;
  const [budgetWarning, setBudgetWarning] = useState<80 | 95 | null>(null);
  const automation = useRef<AbortController | null>(null);
  // Generate-all's Cancel also stops the chapter job in flight on the server, so it fills nothing afterwards;
  // leaving the page only stops polling (the job finishes and the restore shows it).
  const inFlightJob = useRef<string | null>(null);
  const cancelRequested = useRef(false);
  const steps = useRef<AbortController | null>(null);

  useEffect(() => {
    document.title = t('route.aiGenerator');
  }, [t]);

  useEffect(() => {
    return () => {
      automation.current?.abort();
      steps.current?.abort();
    };
  }, []);

  const files = useMemo(() => {
    const all = new Map(restoredFiles);
    for (const f of uploads.files) if (f.jobID && f.data) all.set(f.jobID, f.data);
    return all;
  }, [restoredFiles, uploads.files]);

  const restore = useCallback(
    async (speachId: string) => {
      setRestoring(true);
      setRestoreError(null);
      let restored: GeneratedPlan & { jobIDs?: string[] };
      try {
        restored = await aiApi.restoreSpeach(speachId);
      } catch {
        setRestoreError(t('ai.restore.speach'));
        setRestoring(false);
        return;
      }
      let restoredMapping: SpeachMapping;
      try {
        restoredMapping = await aiApi.restoreMapping(speachId);
      } catch {
        setRestoreError(t('ai.restore.mapping'));
        setRestoring(false);
        return;
      }
      const jobs = restored.jobIDs ?? [...new Set(planSubchapters(restored).flatMap((s) => s.documentPages.map((p) => p.jobID)))];
      try {
        const files = await Promise.all(jobs.map((job) => aiApi.restoreFile(speachId, job)));
        setRestoredFiles(new Map(jobs.map((job, i) => [job, fileData(files[i])])));
      } catch {
        setRestoreError(t('ai.restore.files'));
      }
      const generated = new Set(restoredMapping.lecons.flatMap((l) => l.chapitres.filter((c) => c.generated).map((c) => c.id)));
      setMapping(restoredMapping);
      setPlan(restored);
      setStates(Object.fromEntries(planSubchapters(restored).map((s) => [s.id, generated.has(s.id) ? 'done' : 'idle'])));
      setRestoring(false);
    },
    [t],
  );

  useEffect(() => {
    if (restoreId && (!mapping || mapping.speachID !== restoreId)) void restore(restoreId);
    // Only a change of the address restores; a mapping made here names its own speach already.
  }, [restoreId]);

  const jobIDs = () => {
    const fromUploads = uploads.files.flatMap((f) => (f.jobID && f.data ? [f.jobID] : []));
    return fromUploads.length ? fromUploads : [...files.keys()];
  };

  const requestPlan = async (options: GenerationSettings) => {
    steps.current?.abort();
    const controller = new AbortController();
    steps.current = controller;
    setBusy(true);
    setError(null);
    try {
      const job = await aiApi.generateSteps({ ...options, jobIDs: jobIDs() });
      if (job.budgetWarning) setBudgetWarning(job.budgetWarning);
      const next = await pollJob<GeneratedPlan>(job.jobID, controller.signal);
      setPlan({ ...next, chapters: Array.isArray(next.chapters) ? next.chapters : [] });
      setPlanJob(job.jobID);
      setStates({});
      setSettings(options);
    } catch (e) {
      if (!isAbort(e)) setError(e instanceof ApiError && e.status !== 500 ? e.message : t('aiContent.error'));
    } finally {
      setBusy(false);
    }
  };

  /** Validates the plan once: the speach and its chapters exist from then on. */
  const ensureMapping = async (): Promise<SpeachMapping> => {
    if (mapping) return mapping;
    if (!plan) throw new Error('no plan');
    const made = await aiApi.validateSteps(
      {
        ...plan,
        generationOptions: plan.generationOptions ?? {
          generationMode: settings.generationMode,
          lang: settings.language,
          customInstruction: settings.specificPrompt,
        },
      },
      planJob,
    );
    setMapping(made);
    // The address names the speach, so coming back from the editor restores this generation.
    setParams({ speachId: made.speachID }, { replace: true });
    return made;
  };

  const generateOne = async (sub: PlanSubchapter, made: SpeachMapping, signal: AbortSignal) => {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const chapterId = mappedChapters(made).get(sub.id);
    if (!chapterId) throw new Error(`sub-chapter ${sub.id} has no chapter`);
    setStates((s) => ({ ...s, [sub.id]: 'running' }));
    try {
      const job = await aiApi.generateChapter(made.speachID, chapterId);
      inFlightJob.current = job.jobID;
      if (cancelRequested.current) cancelJob(job.jobID);
      if (job.budgetWarning) setBudgetWarning(job.budgetWarning);
      await pollJob(job.jobID, signal);
      setStates((s) => ({ ...s, [sub.id]: 'done' }));
    } catch (e) {
      setStates((s) => ({ ...s, [sub.id]: isAbort(e) ? 'idle' : 'error' }));
      throw e;
    } finally {
      inFlightJob.current = null;
    }
  };

  // Best effort: a job that finished meanwhile answers 409 and stays done.
  const cancelJob = (jobID: string) => void aiApi.cancelJob(jobID).catch(() => undefined);

  const onGenerateOne = async (sub: PlanSubchapter) => {
    setBusy(true);
    setError(null);
    const controller = new AbortController();
    automation.current = controller;
    cancelRequested.current = false;
    try {
      await generateOne(sub, await ensureMapping(), controller.signal);
    } catch (e) {
      if (!isAbort(e)) setError(t('aiContent.error'));
    } finally {
      setBusy(false);
    }
  };

  const openEditor = (made: SpeachMapping, chapterId?: string) =>
    navigate(`/recorder/edit/${encodeURIComponent(made.speachID)}${chapterId ? `?chapter=${encodeURIComponent(chapterId)}` : ''}`);

  const onGenerateAll = async () => {
    if (!plan) return;
    setError(null);
    const controller = new AbortController();
    automation.current = controller;
    cancelRequested.current = false;
    setAutomatic(true);
    setBusy(true);
    try {
      const made = await ensureMapping();
      const pending = planSubchapters(plan).filter((s) => states[s.id] !== 'done');
      for (const [i, sub] of pending.entries()) {
        await generateOne(sub, made, controller.signal);
        if (i < pending.length - 1) await wait(NEXT_CHAPTER_MS, controller.signal);
      }
      setAutomatic(false);
      openEditor(made);
    } catch (e) {
      setAutomatic(false);
      if (!isAbort(e)) setError(t('aiContent.error'));
    } finally {
      setBusy(false);
    }
  };

  const onSaveAndEdit = async () => {
    setBusy(true);
    setError(null);
    try {
      openEditor(await ensureMapping());
    } catch {
      setError(t('aiContent.error'));
    } finally {
      setBusy(false);
    }
  };

  const onEdit = (sub: PlanSubchapter) => {
    if (mapping) openEditor(mapping, mappedChapters(mapping).get(sub.id));
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('route.aiGenerator')}
      </Typography>
      <GeneratorNotice info={generatorOf(info, plan)} />
      {(budgetWarning ?? uploads.budgetWarning) && (
        <Alert severity="warning">
          {t('ai.budget.warning', { percent: new Intl.NumberFormat(language).format(budgetWarning ?? uploads.budgetWarning ?? 0) })}
        </Alert>
      )}
      {forbidden !== null && <ErrorState message={forbidden || t('ai.forbidden')} />}
      {restoreError && <ErrorState message={restoreError} onRetry={restoreId ? () => void restore(restoreId) : undefined} />}
      {forbidden !== null ? null : restoring ? (
        <Loading label={t('ai.restore.loading')} />
      ) : plan ? (
        <PlanStep
          plan={plan}
          files={files}
          mapped={!!mapping}
          states={states}
          busy={busy}
          error={error}
          settings={settings}
          onGenerateOne={(sub) => void onGenerateOne(sub)}
          onEdit={onEdit}
          onRegenerate={(options) => void requestPlan(options)}
          onSaveAndEdit={() => void onSaveAndEdit()}
          onGenerateAll={() => void onGenerateAll()}
        />
      ) : (
        !restoreError && (
          <UploadStep
            files={uploads.files}
            onAdd={uploads.add}
            onRemove={uploads.remove}
            settings={settings}
            onSettings={setSettings}
            onGenerate={() => void requestPlan(settings)}
            generating={busy}
            error={error}
          />
        )
      )}
      {plan && (
        <GenerateAllOverlay
          open={automatic}
          subchapters={planSubchapters(plan)}
          states={states}
          onCancel={() => {
            cancelRequested.current = true;
            if (inFlightJob.current) cancelJob(inFlightJob.current);
            automation.current?.abort();
            setAutomatic(false);
          }}
        />
      )}
    </Stack>
  );
}
