/**
 * The upload field (spec §2 "Upload field", §3 image upload field properties) inside an ApiForm:
 * label, the uploader, the server's 422 message under it. Its value is the stored path ('' for none),
 * or the list of paths with allowMultiple. FilePond arrives as a lazy chunk, with a skeleton meanwhile.
 */
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUploads } from '../forms/formContext';
import { useBoundField } from '../forms/useBoundField';
import type { UploadFieldProps } from './types';
import { DEFAULT_ACCEPTED_TYPES, DEFAULT_FOLDER, DEFAULT_IMAGE_SIZE, fieldValue } from './uploadValue';

export type { UploadFieldProps } from './types';

// The widget's text is in the back office's catalog part; outside the shell (the register page) it
// is added here, and in English waited for, before the widget shows.
const FilePondInput = lazy(async () => {
  const [widget, office] = await Promise.all([import('./FilePondInput'), import('../../i18n/office')]);
  await office.officeTextReady;
  return widget;
});

export function UploadField({
  name,
  label,
  description,
  allowMultiple = false,
  width = DEFAULT_IMAGE_SIZE,
  height = DEFAULT_IMAGE_SIZE,
  folder = DEFAULT_FOLDER,
  acceptedTypes = DEFAULT_ACCEPTED_TYPES as string[],
  preview = true,
  onUploaded,
}: UploadFieldProps) {
  const { t } = useTranslation();
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const inputId = useId();
  const { setError, clearErrors } = useFormContext();
  const { setBusy } = useUploads();
  const onBusy = useCallback((busy: boolean) => setBusy(name, busy), [name, setBusy]);
  // A field that goes away (its section closed, the screen left) no longer holds up the form.
  useEffect(() => () => setBusy(name, false), [name, setBusy]);
  // The server's reason for a refused file shows under the field, where a 422 on submit would.
  const onRefused = useCallback(
    (message: string | null) => (message ? setError(name, { type: 'server', message }) : clearErrors(name)),
    [name, setError, clearErrors],
  );

  return (
    <Input.Wrapper {...wrapperProps} id={inputId} label={label ?? t('upload.label')} description={description} error={error} withAsterisk={withAsterisk}>
      <Suspense fallback={<Skeleton height={76} radius="md" mt={4} />}>
        <FilePondInput
          name={name}
          inputId={inputId}
          value={field.value}
          onRefused={onRefused}
          onBusy={onBusy}
          onChange={(paths) => {
            field.onChange(fieldValue(paths, allowMultiple));
            onUploaded?.(paths);
          }}
          allowMultiple={allowMultiple}
          width={width}
          height={height}
          folder={folder}
          acceptedTypes={acceptedTypes}
          preview={preview}
          invalid={Boolean(error)}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
