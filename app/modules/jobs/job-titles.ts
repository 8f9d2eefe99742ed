import { create } from 'zustand';

/** The title (translation key) of each job by its name, for the cells of the run history. */
export const useJobTitles = create<Readonly<Record<string, string>>>(() => ({}));
