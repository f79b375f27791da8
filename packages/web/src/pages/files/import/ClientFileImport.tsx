// /files' importer: upload a client file, map its columns, see every row checked, import the valid
// rows in batches with a progress bar and a cancel button, resume an interrupted run.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useServices } from '../../../app/ports-context';
import { useUserStore } from '../../../stores/user-store';
import { Button } from '../../../ui/Button';
import { LiveRegion } from '../../../ui/LiveRegion';
import { notify } from '../../../ui/notify';
import { describeDataError } from '../../entities/data-errors';
import { countOf, formatCount } from '../../entities/format';
import { ConflictNotice } from '../../entities/ConflictNotice';
import { useRecordConflict } from '../../entities/record-conflict';
import { buildErrorCsv } from './error-csv';
import type { ErrorRow } from './error-csv';
import { dataImportHistory, dataImportTarget, loadAllowedClients, loadImportsOfFile, loadSavedMappings, saveMapping, savedMappingRow } from './import-data';
import type { SavedMappingRow } from './import-data';
import { findResumePoint, mergeErrors, runImport } from './import-runner';
import type { ImportOutcome, ImportProgress, ResumePoint } from './import-runner';
import { IMPORT_ENTITIES, IMPORT_TARGETS, labelOfField, withFieldLabels } from './import-targets';
import type { ImportEntity } from './import-targets';
import { MappingEditor } from './MappingEditor';
import type { FileSource } from './parse-file';
import { parseInWorker } from './parse-in-worker';
import { applyStoredMapping, fieldsMappedTwice, mappingFromMapData, mappingToMapData, missingRequiredFields, suggestMapping } from './suggest-mapping';
import { validateFile } from './validate-file';
import type { FileValidation } from './validate-file';
import { ValidationReport } from './ValidationReport';

/** The file being worked on, as far as it has been read. */
interface LoadedFile {
  name: string;
  size: number;
  source: FileSource;
  hash: string | null;
  headers: string[];
  rowsRead: number;
  parsed: boolean;
}

/** A run in progress or finished. */
interface RunState {
  running: boolean;
  progress: ImportProgress;
  outcome: ImportOutcome | null;
}


/** Props of the importer: `onImported` reloads the history after a run, `onMappingSaved` the mappings list. */
export interface ClientFileImportProps {
  onImported: () => void;
  onMappingSaved?: () => void;
}

/** Upload, mapping, validation and import of one client file at a time. */
export function ClientFileImport({ onImported, onMappingSaved }: ClientFileImportProps) {
  const { data } = useServices();
  const importedBy = useUserStore((state) => state.email ?? state.userId ?? 'unknown');
  const ids = { entity: useId(), file: useId(), title: useId() };
  const [entity, setEntity] = useState<ImportEntity>('AccountMdl');
  const spec = IMPORT_TARGETS[entity];
  const [file, setFile] = useState<LoadedFile | null>(null);
  const rows = useRef<string[][]>([]);
  const stopParser = useRef<(() => void) | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingChoice, setMappingChoice] = useState<SavedMappingRow | null>(null);
  const [savedMappings, setSavedMappings] = useState<SavedMappingRow[]>([]);
  const mappingConflict = useRecordConflict();
  const [clients, setClients] = useState<Map<string, string> | null>(null);
  const [validation, setValidation] = useState<FileValidation | null>(null);
  const [checked, setChecked] = useState(0);
  const validationPass = useRef(0);
  const [resume, setResume] = useState<ResumePoint | null>(null);
  const [run, setRun] = useState<RunState | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    let live = true;
    loadAllowedClients(data)
      .then((found) => live && setClients(found))
      .catch((failure: unknown) => live && setProblem(describeDataError(failure)));
    loadSavedMappings(data)
      .then((found) => live && setSavedMappings(found))
      .catch(() => undefined);
    return () => {
      live = false;
      stopParser.current?.();
    };
  }, [data]);

  const refreshResume = useCallback(
    async (hash: string, into: ImportEntity): Promise<void> => {
      try {
        setResume(findResumePoint(await loadImportsOfFile(data, hash), hash, into));
      } catch {
        setResume(null);
      }
    },
    [data],
  );

  useEffect(() => {
    if (file?.hash === null || file?.hash === undefined) return;
    void refreshResume(file.hash, entity);
  }, [file?.hash, entity, refreshResume]);

  const chooseFile = (chosen: File | undefined): void => {
    stopParser.current?.();
    rows.current = [];
    setValidation(null);
    setRun(null);
    setResume(null);
    setProblem(null);
    setMappingChoice(null);
    if (chosen === undefined) {
      setFile(null);
      return;
    }
    const source: FileSource = /\.xlsx$/i.test(chosen.name) ? 'xlsx' : 'csv';
    setFile({ name: chosen.name, size: chosen.size, source, hash: null, headers: [], rowsRead: 0, parsed: false });
    stopParser.current = parseInWorker(chosen, {
      hash: (hash) => setFile((current) => (current === null ? current : { ...current, hash })),
      headers: (headers, kind) => {
        setFile((current) => (current === null ? current : { ...current, headers, source: kind }));
        setMapping(suggestMapping(headers, spec));
      },
      rows: (chunk) => {
        // A loop, not push(...chunk): a chunk of many thousand rows is too many arguments for one call.
        for (const row of chunk) rows.current.push(row);
        setFile((current) => (current === null ? current : { ...current, rowsRead: rows.current.length }));
      },
      done: () => setFile((current) => (current === null ? current : { ...current, rowsRead: rows.current.length, parsed: true })),
      error: (message) => {
        setProblem({ message: `The file could not be read: ${message}`, detail: 'Upload a CSV file with a header row, or an .xlsx workbook.' });
        setFile(null);
      },
    });
  };

  const changeEntity = (next: ImportEntity): void => {
    setEntity(next);
    setMappingChoice(null);
    if (file !== null) setMapping(suggestMapping(file.headers, IMPORT_TARGETS[next]));
  };

  // The first rows for the samples and the preview; the ref fills while the file streams in.
  const rowsRead = file?.rowsRead ?? 0;
  const sample = useMemo(() => rows.current.slice(0, 10), [rowsRead > 0, file?.name]);
  const missing = useMemo(() => missingRequiredFields(spec, mapping), [spec, mapping]);
  const twice = useMemo(() => fieldsMappedTwice(mapping), [mapping]);
  const mappingReady = file !== null && file.headers.length > 0 && missing.length === 0 && twice.length === 0;

  // Every row is checked again whenever the mapping, the entity or the file changes.
  useEffect(() => {
    const pass = ++validationPass.current;
    setValidation(null);
    setChecked(0);
    if (file === null || !file.parsed || !mappingReady || clients === null) return;
    validateFile(rows.current, { spec, headers: file.headers, mapping, allowedClients: clients, excelSerials: file.source === 'xlsx' }, { stale: () => pass !== validationPass.current, progress: setChecked })
      .then((result) => {
        if (result !== null && pass === validationPass.current) setValidation(result);
      })
      .catch((failure: unknown) => setProblem({ message: 'The rows could not be checked.', detail: failure instanceof Error ? failure.message : undefined }));
  }, [file?.parsed, file?.headers, file?.source, mapping, mappingReady, spec, clients]);

  const errorRows = useMemo((): ErrorRow[] => {
    if (validation === null) return [];
    const invalid = [...validation.invalid];
    const refusedByValidation = new Set(validation.invalid.map((row) => row.row));
    const serverErrors = run?.outcome?.errors.filter((error) => !refusedByValidation.has(error.row)) ?? [];
    const byRow = new Map<number, ErrorRow>();
    for (const error of serverErrors) {
      const existing = byRow.get(error.row);
      // The server names fields by their codes ("no account has clientNumber …"): the page says the labels.
      byRow.set(error.row, { row: error.row, cells: rows.current[error.row - 1] ?? [], errors: [...(existing?.errors ?? []), { ...error, message: withFieldLabels(spec, error.message) }] });
    }
    return [...invalid, ...byRow.values()].sort((a, b) => a.row - b.row);
  }, [validation, run?.outcome, spec]);

  const downloadErrors = (): void => {
    if (file === null) return;
    const blob = new Blob([buildErrorCsv(file.headers, errorRows, (field) => labelOfField(spec, field))], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${file.name.replace(/\.(csv|xlsx)$/i, '')}-errors.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the URL can go once the browser has read it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const keepSaved = (saved: SavedMappingRow): void => {
    setSavedMappings((current) => [...current.filter((row) => row.id !== saved.id), saved].sort((a, b) => a.mapName.localeCompare(b.mapName)));
  };

  const save = async (name: string): Promise<void> => {
    const mapData = mappingToMapData(entity, mapping);
    const same = savedMappings.find((row) => row.mapName === name);
    // Saving over a mapping expects the version the picker read: someone else's newer save is shown, not overwritten.
    await mappingConflict.attempt(same?._version, async (version) => {
      const saved = await saveMapping(data, name, mapData, savedMappings, version);
      keepSaved(saved);
      setMappingChoice(saved);
      onMappingSaved?.();
      void notify.success(`Mapping “${name}” saved.`);
    });
  };

  const pickSaved = (row: SavedMappingRow | null): void => {
    setMappingChoice(row);
    if (file === null) return;
    if (row === null) {
      setMapping(suggestMapping(file.headers, spec));
      return;
    }
    const stored = mappingFromMapData(row.mapData);
    if (stored !== null) setMapping(applyStoredMapping(file.headers, stored, spec));
  };

  const start = async (from: ResumePoint | null): Promise<void> => {
    if (file === null || validation === null || file.hash === null) return;
    const controller = new AbortController();
    abort.current = controller;
    setCancelling(false);
    const empty: ImportProgress = { rowsDone: from?.rowsDone ?? 0, totalRows: validation.totalRows, created: 0, updated: 0, unchanged: 0, errorRows: validation.invalid.length };
    setRun({ running: true, progress: empty, outcome: null });
    setProblem(null);
    try {
      const outcome = await runImport({
        target: dataImportTarget(data, entity),
        history: dataImportHistory(data),
        meta: { fileName: file.name, fileSize: file.size, fileHash: file.hash, entityName: entity, mappingId: mappingChoice?.id ?? null, mapName: mappingChoice?.mapName ?? null, importedBy },
        rows: validation.valid,
        totalRows: validation.totalRows,
        validationErrors: mergeErrors(validation.errors),
        invalidRows: validation.invalid.length,
        ...(from === null ? {} : { resume: from }),
        batchSize: 1000,
        concurrency: 2,
        signal: controller.signal,
        onProgress: (progress) => setRun((current) => ({ running: true, outcome: null, ...current, progress })),
      });
      setRun({ running: false, progress: outcome, outcome });
      if (outcome.status === 'failed') setProblem({ ...describeDataError(outcome.failure), message: `The import stopped at row ${formatCount(outcome.rowsDone)}: ${describeDataError(outcome.failure).message}` });
    } catch (failure) {
      setRun((current) => (current === null ? null : { ...current, running: false }));
      setProblem(describeDataError(failure));
    } finally {
      abort.current = null;
      onImported();
      await refreshResume(file.hash, entity);
    }
  };

  const running = run?.running === true;
  const progress = run?.progress;
  const canImport = validation !== null && !running && validation.valid.length > 0 && file?.hash !== null;

  return (
    <section className="card import" aria-labelledby={ids.title}>
      <h2 className="card__title" id={ids.title}>
        Upload and import
      </h2>
      <ConflictNotice
        guard={mappingConflict}
        noun="mapping"
        onReload={(current) => {
          if (current === null) return;
          const row = savedMappingRow(current);
          keepSaved(row);
          pickSaved(row);
        }}
      />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="import__pick">
        <div className="field">
          <label className="field__label" htmlFor={ids.entity}>
            Import into
          </label>
          <select id={ids.entity} className="select" value={entity} disabled={running} onChange={(event) => changeEntity(event.target.value as ImportEntity)}>
            {IMPORT_ENTITIES.map((name) => (
              <option key={name} value={name}>
                {IMPORT_TARGETS[name].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.file}>
            Client file
          </label>
          <input
            id={ids.file}
            className="field__input"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={running}
            aria-describedby={`${ids.file}-hint`}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          <div className="field__hint" id={`${ids.file}-hint`}>
            CSV with a header row, or an .xlsx workbook (first sheet).
          </div>
        </div>
      </div>
      <p className="muted" role="status" aria-live="polite">
        {file === null
          ? ''
          : file.parsed
            ? `${file.name}: ${countOf(file.rowsRead, 'row')}, ${countOf(file.headers.length, 'column')}.`
            : `Reading ${file.name}… ${countOf(file.rowsRead, 'row')} so far.`}
      </p>

      {file !== null && file.headers.length > 0 ? (
        <MappingEditor
          spec={spec}
          headers={file.headers}
          sample={sample}
          mapping={mapping}
          onChange={(next) => setMapping(next)}
          missing={missing}
          twice={twice}
          savedMappings={savedMappings.filter((row) => {
            const stored = mappingFromMapData(row.mapData);
            return stored !== null && (stored.entity === null || stored.entity === entity);
          })}
          chosen={mappingChoice}
          onPick={pickSaved}
          onSave={save}
          allowedClients={clients}
          excelSerials={file.source === 'xlsx'}
          disabled={running}
        />
      ) : null}

      {file !== null && mappingReady ? (
        <ValidationReport validation={validation} checked={checked} totalRows={file.parsed ? file.rowsRead : null} errorRows={errorRows} onDownload={downloadErrors} spec={spec} />
      ) : null}

      {file !== null ? (
        <div className="import__run">
          <div className="row">
            <Button disabled={!canImport} onClick={() => void start(null)}>
              Import
            </Button>
            {resume !== null && !running ? (
              <Button variant="secondary" disabled={!canImport} onClick={() => void start(resume)}>
                Resume from row {formatCount(resume.rowsDone + 1)}
              </Button>
            ) : null}
            {running ? (
              <Button
                variant="danger"
                busy={cancelling}
                onClick={() => {
                  // Batches in flight still land whole; no new batch starts.
                  setCancelling(true);
                  abort.current?.abort();
                }}
              >
                Cancel import
              </Button>
            ) : null}
          </div>
          {progress !== undefined ? (
            <div className="import__progress">
              <progress aria-label="Import progress" max={Math.max(progress.totalRows, 1)} value={progress.rowsDone} />
              <p role="status" aria-live="polite">
                {run?.outcome === null || run?.outcome === undefined
                  ? `Importing: ${formatCount(progress.rowsDone)} of ${countOf(progress.totalRows, 'row')} settled — ${formatCount(progress.created)} created, ${formatCount(progress.updated)} updated, ${countOf(progress.errorRows, 'row')} with errors.`
                  : outcomeText(run.outcome)}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function outcomeText(outcome: ImportOutcome): string {
  const counts = `${formatCount(outcome.created)} created, ${formatCount(outcome.updated)} updated, ${formatCount(outcome.unchanged)} unchanged, ${countOf(outcome.errorRows, 'row')} with errors.`;
  switch (outcome.status) {
    case 'done':
      return `Import done: ${counts}`;
    case 'cancelled':
      return `Import cancelled after row ${formatCount(outcome.rowsDone)}: ${counts} Resume to import the rest.`;
    case 'failed':
      return `Import failed after row ${formatCount(outcome.rowsDone)}: ${counts} Resume to try the rest again.`;
  }
}
