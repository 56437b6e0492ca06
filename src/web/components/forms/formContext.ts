/** Which fields of the surrounding ApiForm are required, for their required marks. */
import { createContext, useContext } from 'react';

export const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsRequired(name: string): boolean {
  return useContext(RequiredFieldsContext).has(name);
}
