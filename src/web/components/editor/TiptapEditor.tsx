/**
 * The rich-text editor itself (Tiptap through @mantine/tiptap) with its CSS: a lazy chunk of its
 * own, loaded by ./RichTextEditor only when a screen shows an editor. Images picked, dropped or
 * pasted are uploaded to posts/YYYY/MM/DD and inserted with their site-relative address.
 */
import '@mantine/tiptap/styles.css';
import { Progress, Stack } from '@mantine/core';
import { getUploadImageExtension, Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, notifyError } from '../notify';
import { uploadMedia } from '../upload/mediaApi';
import { postsFolder, siteAddress } from './postsFolder';

export type TiptapEditorProps = {
  /** HTML the editor starts with; later changes of it from outside are not applied (it owns its text). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Height of the writing area in px (spec §9: 400 for a page's content). */
  minHeight: number;
  /** The accessible name of the writing area. */
  label: string;
  invalid?: boolean;
  /** Id of the element that describes it (its error message). */
  describedBy?: string;
  testId?: string;
};

/** Images are fitted inside this box by the server (no enlargement), wide enough for a page's column. */
const IMAGE_BOX = 1200;

/** Tells concurrent uploads apart in the progress shown. */
const nextUploadId = (() => {
  let last = 0;
  return () => (last += 1);
})();

/** What an emptied editor holds is stored as no content at all. */
const normalise = (html: string) => (html === '<p></p>' ? '' : html);

export default function TiptapEditor({ value, onChange, onBlur, minHeight, label, invalid, describedBy, testId }: TiptapEditorProps) {
  const { t } = useTranslation();
  // Upload progress per image being uploaded, 0–100.
  const [uploads, setUploads] = useState<Record<number, number>>({});

  const uploadImage = async (file: File) => {
    const id = nextUploadId();
    setUploads((current) => ({ ...current, [id]: 0 }));
    try {
      const path = await uploadMedia(file, {
        folder: postsFolder(),
        width: IMAGE_BOX,
        height: IMAGE_BOX,
        accept: 'image/*',
        onProgress: (loaded, total) => setUploads((current) => ({ ...current, [id]: total > 0 ? Math.round((loaded / total) * 100) : 0 })),
      });
      return { src: siteAddress(path), alt: file.name.replace(/\.[^.]+$/, '') };
    } finally {
      setUploads(({ [id]: _done, ...rest }) => rest);
    }
  };

  const editor = useEditor({
    extensions: [
      // Mantine's Link (opens its link editor on Mod-K) replaces the kit's own.
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [1, 2, 3, 4] } }),
      Link,
      getUploadImageExtension(Image, {
        onImageUpload: uploadImage,
        onImageUploadError: (_file: File, error: unknown) => notifyError(failureMessage(error)),
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        style: `min-height: ${minHeight}px`,
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(normalise(current.getHTML())),
    onBlur: () => onBlur?.(),
  });

  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('editor.bold'),
    italicControlLabel: t('editor.italic'),
    underlineControlLabel: t('editor.underline'),
    strikeControlLabel: t('editor.strike'),
    clearFormattingControlLabel: t('editor.clearFormatting'),
    h1ControlLabel: t('editor.h1'),
    h2ControlLabel: t('editor.h2'),
    h3ControlLabel: t('editor.h3'),
    h4ControlLabel: t('editor.h4'),
    bulletListControlLabel: t('editor.bulletList'),
    orderedListControlLabel: t('editor.orderedList'),
    blockquoteControlLabel: t('editor.blockquote'),
    linkControlLabel: t('editor.link'),
    unlinkControlLabel: t('editor.unlink'),
    imageUploadControlLabel: t('editor.image'),
    undoControlLabel: t('editor.undo'),
    redoControlLabel: t('editor.redo'),
    linkEditorInputLabel: t('editor.linkAddress'),
    linkEditorInputPlaceholder: 'https://example.com/',
    linkEditorExternalLink: t('editor.linkNewTab'),
    linkEditorInternalLink: t('editor.linkSameTab'),
    linkEditorSave: t('editor.linkSave'),
  };
  const progress = Object.values(uploads);

  return (
    <Stack gap={4}>
      <RichTextEditor editor={editor} labels={labels} data-testid={testId} style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 60px)" aria-label={t('editor.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {progress.length > 0 && (
        <Progress value={Math.min(...progress)} animated size="sm" aria-label={t('editor.uploading')} data-testid="editor-upload-progress" />
      )}
    </Stack>
  );
}
