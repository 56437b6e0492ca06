/**
 * The FilePond part of the upload field (spec §2 "Upload field", §4 upload file states, §8, §9):
 * a lazy chunk with FilePond, its plugins and styles, so no other screen carries them. Uploads and
 * deletions go through mediaApi (auth headers, progress, abort); the stored paths become the form
 * value through `onChange`. A refused upload reads 'Upload failed' in the widget (its item has room
 * for a few words) and the server's reason goes under the field through `onRefused`, like any field's error.
 */
import 'filepond/dist/filepond.min.css';
import 'filepond-plugin-image-preview/dist/filepond-plugin-image-preview.min.css';
import './filepond.css';
import { FileOrigin, FileStatus, type FilePondFile, type FilePondInitialFile, type FilePondOptions } from 'filepond';
import FilePondPluginFileValidateSize from 'filepond-plugin-file-validate-size';
import FilePondPluginFileValidateType from 'filepond-plugin-file-validate-type';
import FilePondPluginImagePreview from 'filepond-plugin-image-preview';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FilePond, registerPlugin } from 'react-filepond';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { Lang } from '../../../common/messages';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { notifyError } from '../notify';
import { CurrentFiles } from './CurrentFiles';
import { deleteMedia, uploadMedia } from './mediaApi';
import { UPLOAD_MAX_BYTES } from '../../../common/schemas/media';
import { acceptsOnlyImages, expectedTypeNames, filePondLabels, fileUrl, MAX_FILES, samePaths, storedPaths } from './uploadValue';

registerPlugin(FilePondPluginFileValidateSize, FilePondPluginFileValidateType, FilePondPluginImagePreview);

export type FilePondInputProps = {
  /** Multipart field name the server reads the file under. */
  name: string;
  inputId: string;
  value: unknown;
  onChange: (paths: string[]) => void;
  /** The server's reason for a refused upload (a 413's limit, a 422's message); null once one succeeds or is removed. */
  onRefused: (message: string | null) => void;
  /** Whether a chosen file is still on its way to the server (the form waits for its stored path). */
  onBusy: (busy: boolean) => void;
  allowMultiple: boolean;
  width: number;
  height: number;
  folder: string;
  acceptedTypes: readonly string[];
  preview: boolean;
  invalid: boolean;
};

/** Stored paths as FilePond's files: already on the server, fetched again for their preview. */
function initialFiles(value: unknown): FilePondInitialFile[] {
  return storedPaths(value).map((source) => ({ source, options: { type: 'local' } }));
}

/** A file the user chose that has no stored path yet: added, queued or being sent. */
const UNSENT = new Set<FileStatus>([FileStatus.INIT, FileStatus.IDLE, FileStatus.PROCESSING_QUEUED, FileStatus.PROCESSING]);

function uploading(items: readonly FilePondFile[]): boolean {
  return items.some((item) => item.origin === FileOrigin.INPUT && UNSENT.has(item.status));
}

/** The paths FilePond holds on the server now: uploaded ones and the ones the form started with. */
function pondPaths(items: readonly FilePondFile[]): string[] {
  return items.map((item) => item.serverId as unknown).filter((id): id is string => typeof id === 'string' && id !== '');
}

export default function FilePondInput({
  name,
  inputId,
  value,
  onChange,
  onRefused,
  onBusy,
  allowMultiple,
  width,
  height,
  folder,
  acceptedTypes,
  preview,
  invalid,
}: FilePondInputProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pond = useRef<FilePond>(null);
  const root = useRef<HTMLDivElement>(null);
  useLocalDigits(root, lang);
  // react-filepond hands every prop to FilePond on every render, and a `files` option makes FilePond
  // drop or re-add items to match it: so the stored files go in only when the widget mounts, and a
  // reset of the form's value from outside mounts it again (a new key) instead.
  const [mount, setMount] = useState(() => ({ key: 0, files: initialFiles(value) as FilePondInitialFile[] | null }));
  // The paths last reported to the form, to tell a reset of the form from the widget's own change.
  const reported = useRef<string[]>(storedPaths(value));

  useEffect(() => {
    if (samePaths(value, reported.current)) return;
    reported.current = storedPaths(value);
    setMount((current) => ({ key: current.key + 1, files: initialFiles(value) as FilePondInitialFile[] }));
  }, [value]);

  const report = () => {
    onBusy(uploading(pond.current?.getFiles() ?? []));
    const paths = pondPaths(pond.current?.getFiles() ?? []);
    if (samePaths(paths, reported.current)) return;
    reported.current = paths;
    onChange(paths);
  };

  const server = useMemo<FilePondOptions['server']>(
    () => ({
      process: (_fieldName, file, _metadata, load, error, progress, abort) => {
        const controller = new AbortController();
        uploadMedia(file, {
          name,
          folder,
          width,
          height,
          accept: acceptedTypes.join(','),
          signal: controller.signal,
          onProgress: (loaded, total) => progress(true, loaded, total),
        }).then(
          (path) => {
            onRefused(null);
            load(path);
          },
          (reason: unknown) => {
            if (controller.signal.aborted) return;
            onRefused(refusalOf(reason));
            error(t('upload.uploadFailed'));
          },
        );
        return {
          abort: () => {
            controller.abort();
            abort();
          },
        };
      },
      revert: (path: string, load, error) => {
        deleteMedia(path).then(load, () => error(t('upload.deleteFailed')));
      },
      load: (source: string, load, error, progress, abort) => {
        const controller = new AbortController();
        fetch(fileUrl(source), { signal: controller.signal })
          .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
          .then(
            // The stored name is a hash: the widget names the file by what it is instead.
            (blob) => load(new File([blob], storedFileName(source, t('upload.storedFile')), { type: blob.type })),
            () => {
              if (!controller.signal.aborted) error(t('upload.widget.loadError'));
            },
          );
        return {
          abort: () => {
            controller.abort();
            abort();
          },
        };
      },
    }),
    [name, folder, width, height, acceptedTypes, onRefused, t],
  );

  return (
    <div ref={root} className="upload-field" data-invalid={invalid || undefined}>
      <FilePond
        ref={pond}
        id={inputId}
        // FilePond's own hidden inputs carry this name; the form's value is the field's own hidden input.
        name={`${name}_upload`}
        key={mount.key}
        {...(mount.files ? { files: mount.files } : {})}
        // Once FilePond holds the stored files, later renders leave its list alone.
        oninit={() => setMount((current) => (current.files ? { ...current, files: null } : current))}
        onupdatefiles={report}
        onaddfile={(error, item) => {
          if (error && item.fileSize > UPLOAD_MAX_BYTES) notifyError(t('upload.tooBigToast'));
          report();
        }}
        onprocessfilestart={report}
        onprocessfile={report}
        onprocessfileabort={report}
        onprocessfilerevert={report}
        onremovefile={() => {
          onRefused(null);
          report();
        }}
        server={server}
        allowMultiple={allowMultiple}
        maxFiles={allowMultiple ? MAX_FILES : 1}
        maxParallelUploads={2}
        maxFileSize={String(UPLOAD_MAX_BYTES)}
        acceptedFileTypes={[...acceptedTypes]}
        fileValidateTypeLabelExpectedTypesMap={expectedTypeNames(acceptedTypes, t('upload.types', { returnObjects: true }))}
        imagePreviewMinHeight={44}
        imagePreviewMaxHeight={256}
        credits={false}
        {...filePondLabels(t('upload.widget', { returnObjects: true }), acceptedTypes.length)}
        labelFileProcessingError={(error: { body?: unknown } | null) =>
          typeof error?.body === 'string' && error.body ? error.body : t('upload.widget.uploadError')
        }
        labelFileProcessingRevertError={(error: { body?: unknown } | null) =>
          typeof error?.body === 'string' && error.body ? error.body : t('upload.widget.revertError')
        }
      />
      <CurrentFiles name={name} paths={storedPaths(value)} allowMultiple={allowMultiple} preview={preview && acceptsOnlyImages(acceptedTypes)} />
    </div>
  );
}

/** 'logo.png' for a stored 'uploads/settings/3f…9a.png': the stored name is a hash nobody chose. */
function storedFileName(source: string, name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(source)?.[1];
  return extension ? `${name}.${extension.toLowerCase()}` : name;
}

/** FilePond's texts with numbers in them: the progress ('72%') and a file's size ('11 KB'); never the file's name. */
const NUMBERED_TEXT = '.filepond--file-status-main, .filepond--file-info-sub';

/**
 * FilePond writes its progress and sizes with Latin digits straight into the page, with no formatter to
 * give it: they are put into the interface language's digits as they appear.
 */
function useLocalDigits(root: RefObject<HTMLDivElement | null>, lang: Lang): void {
  useEffect(() => {
    const element = root.current;
    if (!element || lang === 'en') return;
    const localize = () => {
      for (const node of element.querySelectorAll(NUMBERED_TEXT)) {
        const text = node.firstChild;
        if (text?.nodeType === Node.TEXT_NODE && /\d/.test(text.nodeValue ?? '')) text.nodeValue = localizeDigits(text.nodeValue ?? '', lang);
      }
    };
    const observer = new MutationObserver(localize);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    localize();
    return () => observer.disconnect();
  }, [root, lang]);
}

/** The server's words for a refused upload (a 413's limit, a 422's field message); null when it gave none (no connection, a 5xx). */
function refusalOf(reason: unknown): string | null {
  if (!(reason instanceof ApiError) || reason.status === 0 || reason.status >= 500) return null;
  return Object.values(reason.fieldErrors).flat()[0] ?? (reason.message || null);
}
