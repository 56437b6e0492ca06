/** The form's submit button: says it is working, and cannot be pressed twice, while the request runs. */
import { Button, Loader, type ButtonProps } from '@mantine/core';
import { useFormState } from 'react-hook-form';

export function SubmitButton({ label, processingLabel, ...props }: ButtonProps & { label: string; processingLabel: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" {...props} disabled={isSubmitting} leftSection={isSubmitting ? <Loader size={16} color="currentColor" /> : undefined}>
      {isSubmitting ? processingLabel : label}
    </Button>
  );
}
