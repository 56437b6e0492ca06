/**
 * The form's submit button: says it is working, and cannot be pressed twice, while the request runs;
 * while a file is still uploading it waits, and says so.
 */
import { Button, Loader, type ButtonProps } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUploads } from './formContext';

export function SubmitButton({ label, processingLabel, ...props }: ButtonProps & { label: string; processingLabel: string }) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  const uploading = useUploads().busy.size > 0;
  const waiting = isSubmitting || uploading;
  return (
    <Button type="submit" {...props} disabled={waiting} leftSection={waiting ? <Loader size={16} color="currentColor" /> : undefined}>
      {isSubmitting ? processingLabel : uploading ? t('common.waitingForUpload') : label}
    </Button>
  );
}
