import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** Undo toasts last 5 seconds (back-office spec, section 9). */
export const UNDO_TOAST_MS = 5000;
const MESSAGE_TOAST_MS = 4000;

export type ToastTone = 'info' | 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  undoable: boolean;
}

export interface UndoToastOptions {
  message: string;
  /** Puts things back; the toast closes at once. */
  onUndo(): void;
  /** Runs once the chance to undo is over: 5 seconds passed or the toast was dismissed. */
  onExpire?(): void;
}

interface ToastApi {
  show(message: string, tone?: ToastTone): void;
  showUndo(options: UndoToastOptions): void;
}

interface Pending {
  timer: number;
  onUndo?: () => void;
  onExpire?: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const pending = useRef(new Map<number, Pending>());

  const remove = useCallback((id: number) => {
    const entry = pending.current.get(id);
    if (entry) window.clearTimeout(entry.timer);
    pending.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
    return entry;
  }, []);

  const expire = useCallback((id: number) => remove(id)?.onExpire?.(), [remove]);
  const undo = useCallback((id: number) => remove(id)?.onUndo?.(), [remove]);

  const add = useCallback(
    (toast: Omit<Toast, 'id'>, durationMs: number, callbacks: Omit<Pending, 'timer'> = {}) => {
      const id = nextId.current++;
      pending.current.set(id, { ...callbacks, timer: window.setTimeout(() => expire(id), durationMs) });
      setToasts((list) => [...list, { ...toast, id }]);
    },
    [expire],
  );

  useEffect(() => {
    const timers = pending.current;
    return () => timers.forEach((entry) => window.clearTimeout(entry.timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show: (message, tone = 'info') => add({ message, tone, undoable: false }, MESSAGE_TOAST_MS),
      showUndo: ({ message, onUndo, onExpire }) =>
        add({ message, tone: 'info', undoable: true }, UNDO_TOAST_MS, { onUndo, onExpire }),
    }),
    [add],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <span className="toast-message">{toast.message}</span>
            {toast.undoable ? (
              <button type="button" className="toast-undo" onClick={() => undo(toast.id)}>
                Undo
              </button>
            ) : null}
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => expire(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
