import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export const UNSAVED_CHANGES_MESSAGE = 'Please ensure that you have no unsaved changes.';

interface UnsavedChangesValue {
  /** True while a page holds a form with unsaved changes. */
  isDirty: boolean;
  setDirty(dirty: boolean): void;
}

const UnsavedChangesContext = createContext<UnsavedChangesValue | null>(null);

/**
 * The dirty-form flag shared between pages and the layout (back-office spec, section 4): the
 * layout holds navigation while it is set, and the browser warns before leaving the page.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [isDirty, setDirty] = useState(false);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the leave warning only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const value = useMemo(() => ({ isDirty, setDirty }), [isDirty]);
  return <UnsavedChangesContext.Provider value={value}>{children}</UnsavedChangesContext.Provider>;
}

export function useUnsavedChanges(): UnsavedChangesValue {
  const value = useContext(UnsavedChangesContext);
  if (!value) throw new Error('useUnsavedChanges must be used inside UnsavedChangesProvider');
  return value;
}

/** Publishes a form's dirty state to the shared flag, and clears it when the form goes away. */
export function useReportDirty(dirty: boolean) {
  const { setDirty } = useUnsavedChanges();
  const latest = useRef(setDirty);
  latest.current = setDirty;
  useEffect(() => {
    latest.current(dirty);
  }, [dirty]);
  useEffect(() => () => latest.current(false), []);
}
