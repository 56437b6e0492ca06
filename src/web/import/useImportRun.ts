/**
 * The steps every import screen walks (the sheets, docs/integrators/imports.md and results.md; the photos'
 * zip, photos.md): a file chosen runs a dry run at once, nothing stored; upload progress, then "checking"
 * while the server reads it; the report; the real run once the person confirms; its report; "start
 * again". One run at a time: a new one, "start again" or leaving the screen stops the one under way.
 */
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../components/notify';

export type SendImport<Report> = (request: {
  file: File;
  dryRun: boolean;
  /** The dry run's report, when the rows are being imported after it. */
  checked: Report | null;
  onProgress: (loaded: number, total: number) => void;
  onUploaded: () => void;
  signal: AbortSignal;
}) => Promise<Report>;

type Purpose = 'check' | 'import';
type Phase<Report> =
  | { kind: 'idle' }
  | { kind: 'uploading'; purpose: Purpose; loaded: number; total: number }
  | { kind: 'checking'; purpose: Purpose }
  | { kind: 'checked'; report: Report }
  | { kind: 'imported'; report: Report };

/** Messages to show by field: `file` under the file, others where the screen puts them. */
export type ImportProblems = Record<string, string | undefined>;

/** The phase machine: runs a file (dry or not), one at a time, and stops it when the screen goes. */
export function useImportRun<Report>({
  send,
  onImported,
  problemsOf,
}: {
  send: SendImport<Report>;
  onImported: () => Promise<unknown>;
  /** A refusal's messages by field; by default the first one goes under the file. */
  problemsOf?: (error: unknown) => ImportProblems;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase<Report>>({ kind: 'idle' });
  const [problems, setProblems] = useState<ImportProblems>({});
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async (chosen: File, dryRun: boolean) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const purpose = dryRun ? 'check' : 'import';
    const checked = phase.kind === 'checked' ? phase.report : null;
    setProblems({});
    setPhase({ kind: 'uploading', purpose, loaded: 0, total: chosen.size });
    try {
      const report = await send({
        file: chosen,
        dryRun,
        checked,
        // All sent: the server is reading the rows now (upload.onload says so too, but not in every browser).
        onProgress: (loaded, total) => setPhase(total > 0 && loaded >= total ? { kind: 'checking', purpose } : { kind: 'uploading', purpose, loaded, total }),
        onUploaded: () => setPhase({ kind: 'checking', purpose }),
        signal: controller.signal,
      });
      setPhase({ kind: dryRun ? 'checked' : 'imported', report });
      if (!dryRun) await onImported();
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblems(problemsOf?.(error) ?? { file: failureMessage(error) });
      setPhase({ kind: 'idle' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  return {
    file,
    phase,
    problems,
    busy: phase.kind === 'uploading' || phase.kind === 'checking',
    report: phase.kind === 'checked' || phase.kind === 'imported' ? phase.report : null,
    choose: (chosen: File) => {
      setFile(chosen);
      void run(chosen, true);
    },
    /** The chosen file checked again (something the check depends on changed); not once imported. */
    recheck: () => {
      if (file && phase.kind !== 'imported') void run(file, true);
    },
    submit: () => {
      if (file) void run(file, false);
    },
    clearProblem: (field: string) => setProblems((current) => ({ ...current, [field]: undefined })),
    startOver: () => {
      running.current?.abort();
      setFile(null);
      setProblems({});
      setPhase({ kind: 'idle' });
    },
  };
}

export type ImportRun<Report> = ReturnType<typeof useImportRun<Report>>;
