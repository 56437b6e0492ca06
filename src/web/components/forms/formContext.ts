/** What the fields of the surrounding ApiForm share: which are required, and which upload is still running. */
import { createContext, useContext } from 'react';

export const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsRequired(name: string): boolean {
  return useContext(RequiredFieldsContext).has(name);
}

/** The upload fields whose file is still on its way: the form refuses to submit until they hold their stored path. */
export type Uploads = { busy: ReadonlySet<string>; setBusy: (name: string, busy: boolean) => void };

export const UploadsContext = createContext<Uploads>({ busy: new Set(), setBusy: () => undefined });

export function useUploads(): Uploads {
  return useContext(UploadsContext);
}
