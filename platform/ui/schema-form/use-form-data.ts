import { deepEquals } from '@rjsf/utils';
import { useCallback, useState } from 'react';

/**
 * The data being edited. RJSF re-derives its state from its `formData` prop whenever any
 * prop changes, so the form has to be controlled. A `formData` from the app that differs in
 * content (a reload after a save) replaces the edits; a mere new object does not.
 */
export function useFormData<T>(formData: T) {
  const [state, setState] = useState({ loaded: formData, current: formData });
  if (state.loaded !== formData) {
    setState(
      deepEquals(state.loaded, formData)
        ? { ...state, loaded: formData }
        : { loaded: formData, current: formData },
    );
  }
  const update = useCallback((current: T) => setState((s) => ({ ...s, current })), []);
  return { loaded: state.loaded, current: state.current, update };
}
