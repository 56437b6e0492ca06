/**
 * The field that takes a spreadsheet (.xlsx or .csv), or another kind of file the screen names (a zip
 * of photos): a drop zone the real file input covers, so a click, a tap or the keyboard opens the file
 * chooser. Used by the registration import, the bulk photos and the statement reconciliation; the
 * texts come from the screen.
 */
import { Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, useState, type DragEvent } from 'react';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

type Props = {
  label: string;
  description: string;
  /** What the zone says before and after a file is chosen. */
  prompt: string;
  change: string;
  chosen: boolean;
  error?: string;
  busy: boolean;
  onChoose: (file: File) => void;
  /** Test ids: `{testId}-drop`, `{testId}-file`, `{testId}-file-error`. */
  testId: string;
  /** The file chooser's filter and the zone's icon, when the file is not a sheet. */
  accept?: string;
  icon?: typeof IconFileSpreadsheet;
};

export function SheetDropZone({
  label,
  description,
  prompt,
  change,
  chosen,
  error,
  busy,
  onChoose,
  testId,
  accept = ACCEPT,
  icon: Icon = IconFileSpreadsheet,
}: Props) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const choose = (file: File | null | undefined) => {
    if (file) onChoose(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  return (
    <Input.Wrapper
      id={inputId}
      label={label}
      description={description}
      error={error}
      errorProps={{ 'data-testid': `${testId}-file-error`, mt: 6 }}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Paper
        withBorder
        radius="md"
        p="lg"
        mt={6}
        pos="relative"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: error ? 'var(--mantine-color-red-6)' : dragging ? 'var(--mantine-color-blue-6)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          cursor: busy ? 'progress' : 'pointer',
        }}
        data-testid={`${testId}-drop`}
      >
        <Group gap="sm" wrap="nowrap" justify="center">
          <Icon size={36} stroke={1.4} aria-hidden color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
          <Stack gap={2} miw={0}>
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {prompt}
            </Text>
            {chosen && !busy && (
              <Text size="xs" c="blue">
                {change}
              </Text>
            )}
          </Stack>
        </Group>
        <input
          id={inputId}
          type="file"
          accept={accept}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : `${inputId}-description`}
          onChange={(event) => {
            choose(event.currentTarget.files?.[0]);
            // The same file chosen again (after fixing it) is a new choice.
            event.currentTarget.value = '';
          }}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'inherit' }}
          data-testid={`${testId}-file`}
        />
      </Paper>
    </Input.Wrapper>
  );
}
