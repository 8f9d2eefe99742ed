import { create } from 'zustand';

/** The last failed request, as the report-a-problem page prefills it into ErrorLog. */
export interface LastHttpError {
  /** HTTP status, 0 when the server could not be reached. */
  status: number;
  url: string;
  message: string;
  time: Date;
}

interface LastErrorState {
  lastError: LastHttpError | null;
  record: (error: LastHttpError) => void;
  clear: () => void;
}

/**
 * Keeps the last HTTP error of the page.
 *
 * @example
 * const lastError = useLastError((state) => state.lastError);
 * const errorLog = lastError ? `${lastError.status} ${lastError.url}: ${lastError.message}` : '';
 */
export const useLastError = create<LastErrorState>()((set) => ({
  lastError: null,
  record: (lastError) => set({ lastError }),
  clear: () => set({ lastError: null }),
}));
