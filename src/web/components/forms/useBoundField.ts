/** A field of the surrounding ApiForm: its value and handlers, error message and required mark. */
import { useController } from 'react-hook-form';
import { useIsRequired } from './formContext';

/** Mantine input props the form supplies; a field component takes the rest plus `name`. */
export type Bound<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'required' | 'withAsterisk' | 'wrapperProps'> & {
  name: string;
};

export function useBoundField(name: string) {
  const { field, fieldState } = useController({ name });
  return {
    field,
    error: fieldState.error?.message,
    withAsterisk: useIsRequired(name),
    // revealFirstError finds the field by this mark.
    wrapperProps: { 'data-field': name },
  };
}
