/** The upload field's props (spec §3 image upload field), shared by the field and its lazy FilePond part. */
export type UploadFieldProps = {
  /** The form field path; also the multipart field name the server validates the file under. */
  name: string;
  /** Default: t('upload.label'). */
  label?: string;
  /** A hint under the uploader (the image's size). */
  description?: string;
  allowMultiple?: boolean;
  /** Target size the server fits images to (default 200×200). */
  width?: number;
  height?: number;
  /** Folder under uploads/ (default 'files'). */
  folder?: string;
  /** Mime types or wildcards (default ['image/*']). */
  acceptedTypes?: string[];
  /** Shows a 100×100 preview of the current image (default true); otherwise a link to the file. */
  preview?: boolean;
  /** Called with the stored paths after each change (spec: the field's callback). */
  onUploaded?: (paths: string[]) => void;
};
