/**
 * The rich-text editor as screens use it: Tiptap and its CSS load in their own chunk the first time
 * an editor is shown (architecture §8), with a placeholder of the same height meanwhile.
 * `RichTextField` binds one to the surrounding ApiForm by name.
 */
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useBoundField } from '../forms/useBoundField';
import type { TiptapEditorProps } from './TiptapEditor';

const TiptapEditor = lazy(() => import('./TiptapEditor'));

/** Toolbar plus writing area, so the page does not jump when the editor arrives. */
const TOOLBAR_HEIGHT = 50;

export function RichTextEditor(props: TiptapEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.minHeight + TOOLBAR_HEIGHT} radius="sm" data-testid="editor-loading" />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

export function RichTextField({ name, label, minHeight, testId }: { name: string; label: string; minHeight: number; testId?: string }) {
  const { field, error, withAsterisk, wrapperProps } = useBoundField(name);
  const id = useId();
  return (
    <Input.Wrapper label={label} labelElement="div" withAsterisk={withAsterisk} error={error} errorProps={{ id: `${id}-error` }} {...wrapperProps}>
      <RichTextEditor
        value={(field.value as string) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        minHeight={minHeight}
        label={label}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        testId={testId}
      />
    </Input.Wrapper>
  );
}
